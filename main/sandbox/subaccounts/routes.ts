// Sub-accounts (SUPPLEMENT.md §5) with the state rules of api-v2.md: freezing a frozen or
// disabled account is 21004; activating a disabled one answers false; the ACL of a frozen or
// disabled account lists empty; frozen accounts cannot transact (10021). Unknown sub-account ids
// are 500 with the id in the description, as api-v2.md documents ("e.g. sub-account not found").
// Statuses are written as api-v2 lists them (new, active, disable) plus 'frozen', whose word the
// spec leaves out. A 'new' account (created, never used) may do all an active one may: it can be
// frozen, its ACL is listed, and its first transfer with the master, or activating it, makes it active.
import Decimal from '../decimal';
import { CURRENCIES } from '../catalog';
import type { SandboxContext } from '../context';
import { canTransact, type Account, type AccountStatus } from '../db/accounts';
import { ServiceError, validationError } from '../http/errors';
import { ParamReader } from '../http/params';
import { ANY_KEY, type RouteRegistry } from '../http/route';
import { callerId } from '../wallet/access';
import { ensureAddress, resolveNetwork, toAddressRecord } from '../wallet/addresses';
import { moveBetweenAccounts } from '../wallet/balance-routes';
import { iso } from '../wallet/transaction-record';
import { errorsOfAccount } from '../wallet/withdraw';

const TRANSFER_TYPES = ['to_sub_account', 'from_sub_account'] as const;
/** The status words of both versions; 'frozen' is shown as its own word (the client reads it so). */
export const STATUS_WORDS: Readonly<Record<AccountStatus, string>> = { new: 'new', active: 'active', frozen: 'frozen', disabled: 'disable' };

export function registerSubAccountRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  routes.add('GET', '/api/3/sub-account', ANY_KEY, (r) => ({
    result: ctx.accounts.subAccountsOf(callerId(r)).map((a) => ({ sub_account_id: String(a.id), email: a.email, status: STATUS_WORDS[a.status] })),
  }));
  routes.add('POST', '/api/3/sub-account/freeze', ANY_KEY, (r) => {
    freezeSubAccounts(ctx, ownSubs(ctx, callerId(r), requiredIds(ParamReader.of(r))));
    return { result: true };
  });
  routes.add('POST', '/api/3/sub-account/activate', ANY_KEY, (r) => {
    return { result: activateSubAccounts(ctx, ownSubs(ctx, callerId(r), requiredIds(ParamReader.of(r)))) };
  });
  routes.add('POST', '/api/3/sub-account/transfer', 'WDR', (r) => {
    const p = ParamReader.of(r);
    const subId = p.requiredText('sub_account_id');
    const currency = p.currency('currency');
    const amount = p.amount('amount', currency.decimals);
    if (!p.has('type')) throw validationError('type', 'is required');
    const type = p.oneOf('type', TRANSFER_TYPES, 'to_sub_account');
    const master = ctx.accounts.get(callerId(r));
    const [sub] = ownSubs(ctx, callerId(r), [subId]);
    if (!master || !sub || !canTransact(master.status) || !canTransact(sub.status)) throw errorsOfAccount.disabled();
    return { result: String(transferWithSubAccount(ctx, master, sub, type === 'to_sub_account', currency.code, amount)) };
  });
  routes.add('GET', '/api/3/sub-account/acl', 'PAY', (r) => ({ result: aclList(ctx, callerId(r), ParamReader.of(r).list('sub_account_ids')) }));
  routes.add('POST', '/api/3/sub-account/acl', 'PAY', (r) => {
    const p = ParamReader.of(r);
    const subs = ownSubs(ctx, callerId(r), requiredIds(p));
    const changes = {
      depositAddressGenerationEnabled: p.has('deposit_address_generation_enabled') ? p.bool('deposit_address_generation_enabled', true) : undefined,
      withdrawEnabled: p.has('withdraw_enabled') ? p.bool('withdraw_enabled', true) : undefined,
      description: p.optionalText('description', 255),
    };
    for (const sub of subs) ctx.accounts.setAcl(sub.id, changes, ctx.clock.now());
    return { result: aclList(ctx, callerId(r), subs.map((s) => String(s.id))) };
  });
  routes.add('GET', '/api/3/sub-account/balance/:id', 'PAY', (r) => {
    const [sub] = ownSubs(ctx, callerId(r), [r.params.id ?? '']);
    const id = (sub as Account).id;
    return { result: { wallet: sideBalances(ctx, id, 'wallet'), spot: sideBalances(ctx, id, 'spot') } };
  });
  routes.add('GET', '/api/3/sub-account/crypto/address/:id/:currency', ANY_KEY, (r) => {
    const p = ParamReader.of(r);
    const [sub] = ownSubs(ctx, callerId(r), [r.params.id ?? '']);
    const currency = p.currency('currency');
    const network = resolveNetwork(currency, p.text('network_code'));
    return { result: toAddressRecord(ensureAddress(ctx, (sub as Account).id, currency, network)) };
  });
}

/** One side of a sub-account's balances, in any state of the sub-account. */
export function sideBalances(ctx: SandboxContext, accountId: number, side: 'wallet' | 'spot'): { currency: string; available: string; reserved: string }[] {
  return ctx.balances.all(accountId, side).map((b) => ({ currency: b.currency, available: b.available, reserved: b.reserved }));
}

function requiredIds(p: ParamReader): string[] {
  const ids = p.list('sub_account_ids') ?? p.list('ids');
  if (!ids) throw validationError('sub_account_ids', 'is required');
  return ids;
}

/** The master's sub-accounts named by `ids`; an id that is not one of them is 500 naming it. */
export function ownSubs(ctx: SandboxContext, masterId: number, ids: readonly string[]): Account[] {
  return ids.map((text) => {
    const sub = /^\d+$/.test(text) ? ctx.accounts.get(Number.parseInt(text, 10)) : undefined;
    if (!sub || sub.parentId !== masterId) throw new ServiceError(500, 500, 'Internal Server Error', `sub-account ${text} not found`);
    return sub;
  });
}

/** Freezes every one of `subs`, or none of them when one is already frozen or disabled (21004, HTTP 400). */
export function freezeSubAccounts(ctx: SandboxContext, subs: readonly Account[]): void {
  const blocked = subs.find((s) => !canTransact(s.status));
  if (blocked) throw new ServiceError(400, 21004, 'Sub account is already frozen or disabled', `sub-account ${blocked.id} is ${STATUS_WORDS[blocked.status]}`);
  for (const sub of subs) freeze(ctx, sub);
}

/** Activates the frozen and new ones; false when one of them is disabled, which stays so. */
export function activateSubAccounts(ctx: SandboxContext, subs: readonly Account[]): boolean {
  for (const sub of subs) if (sub.status === 'frozen' || sub.status === 'new') ctx.accounts.setStatus(sub.id, 'active', ctx.clock.now());
  return subs.every((s) => s.status !== 'disabled');
}

/** Moves funds between the master's and the sub-account's wallets (the caller checked both may
 * transact); a new sub-account becomes active. The sender's transaction id. */
export function transferWithSubAccount(ctx: SandboxContext, master: Account, sub: Account, toSub: boolean, currency: string, amount: Decimal): number {
  const [from, to] = toSub ? [master.id, sub.id] : [sub.id, master.id];
  const id = moveBetweenAccounts(ctx, from, to, currency, amount, 'SUB_ACCOUNT');
  if (sub.status === 'new') ctx.accounts.setStatus(sub.id, 'active', ctx.clock.now());
  return id;
}

/** Freezing moves the sub-account's trading funds to its wallet, then blocks it. */
function freeze(ctx: SandboxContext, sub: Account): void {
  ctx.ledger.run((tx) => {
    for (const currency of CURRENCIES) {
      const spot = tx.holding(sub.id, 'spot', currency.code);
      if (spot.available.gt(0)) {
        tx.move(sub.id, 'spot', currency.code, spot.available.negated());
        tx.move(sub.id, 'wallet', currency.code, new Decimal(spot.available));
      }
    }
    ctx.accounts.setStatus(sub.id, 'frozen', ctx.clock.now());
  });
}

function aclList(ctx: SandboxContext, masterId: number, ids: readonly string[] | undefined): Record<string, unknown>[] {
  const subs = ids ? ownSubs(ctx, masterId, ids) : ctx.accounts.subAccountsOf(masterId);
  return subs.filter((s) => canTransact(s.status)).map((s) => ({
    sub_account_id: String(s.id), deposit_address_generation_enabled: s.depositAddressGenerationEnabled,
    withdraw_enabled: s.withdrawEnabled, description: s.description, created_at: iso(s.createdAt), updated_at: iso(s.updatedAt),
  }));
}
