// Sub-accounts, version 2 paths (api-v2.md "Sub-accounts"), over the same accounts, balances and
// state rules as /api/3/sub-account. Where the versions differ, version 2 follows its own table:
// a transfer with a frozen or disabled sub-account is 500 naming it (version 3 answers 10021),
// the transfer answers the v2 id (tx_id) of the record whose id version 3 answers (the sender's),
// and statuses use version 3's words (new, active, disable, and 'frozen': the spec leaves that
// word out, and the client reads it). Freezing a frozen or disabled one is 21004 with HTTP 400.
import { canTransact, type Account } from '../db/accounts';
import type { SandboxContext } from '../context';
import { ServiceError, validationError } from '../http/errors';
import { ParamReader } from '../http/params';
import { ANY_KEY, type RouteContext, type RouteRegistry } from '../http/route';
import {
  activateSubAccounts, freezeSubAccounts, ownSubs, sideBalances, STATUS_WORDS, transferWithSubAccount,
} from '../subaccounts/routes';
import { activeCaller, callerId } from '../wallet/access';
import { ensureAddress, resolveNetwork } from '../wallet/addresses';
import { v2Address } from './format';

const TRANSFER_TYPES = ['deposit', 'withdraw'] as const;

export function registerV2SubAccountRoutes(routes: RouteRegistry, ctx: SandboxContext): void {
  routes.add('GET', '/api/2/sub-acc', ANY_KEY, (r) => ({
    result: ctx.accounts.subAccountsOf(callerId(r)).map((a) => ({ id: a.id, email: a.email, status: STATUS_WORDS[a.status] })),
  }));
  routes.add('POST', '/api/2/sub-acc/freeze', ANY_KEY, (r) => {
    freezeSubAccounts(ctx, subsNamedBy(ctx, r));
    return { result: true };
  });
  routes.add('POST', '/api/2/sub-acc/activate', ANY_KEY, (r) => ({ result: activateSubAccounts(ctx, subsNamedBy(ctx, r)) }));
  routes.add('POST', '/api/2/sub-acc/transfer', 'WDR', (r) => {
    const p = ParamReader.of(r);
    const subId = p.requiredText('subAccountId');
    const currency = p.currency('currency');
    const amount = p.amount('amount', currency.decimals);
    if (!p.has('type')) throw validationError('type', 'is required');
    const type = p.oneOf('type', TRANSFER_TYPES, 'deposit');
    const master = activeCaller(ctx, r);
    const [sub] = ownSubs(ctx, master.id, [subId]) as [Account];
    if (!canTransact(sub.status)) throw new ServiceError(500, 500, 'Internal Server Error', `sub-account ${sub.id} is ${STATUS_WORDS[sub.status]}`);
    const id = transferWithSubAccount(ctx, master, sub, type === 'deposit', currency.code, amount);
    return { result: ctx.transactions.get(id)?.tx_id };
  });
  routes.add('GET', '/api/2/sub-acc/acl', 'PAY', (r) => {
    const ids = ParamReader.of(r).list('subAccountIds');
    const subs = ids ? ownSubs(ctx, callerId(r), ids) : ctx.accounts.subAccountsOf(callerId(r));
    return { result: subs.filter((s) => canTransact(s.status)).map(withdrawalSetting) };
  });
  routes.add('PUT', '/api/2/sub-acc/acl/:subAccountUserId', 'PAY', (r) => {
    const p = ParamReader.of(r);
    if (!p.has('isPayoutEnabled')) throw validationError('isPayoutEnabled', 'is required');
    const withdrawEnabled = p.bool('isPayoutEnabled', true);
    const description = p.optionalText('description', 255);
    const [sub] = ownSubs(ctx, callerId(r), [r.params.subAccountUserId ?? '']) as [Account];
    ctx.accounts.setAcl(sub.id, { withdrawEnabled, description }, ctx.clock.now());
    // The setting as written, whatever the sub-account's state: the requested values echoed.
    return { result: [withdrawalSetting(ctx.accounts.get(sub.id) ?? sub)] };
  });
  routes.add('GET', '/api/2/sub-acc/balance/:id', 'PAY', (r) => {
    const [sub] = ownSubs(ctx, callerId(r), [r.params.id ?? '']) as [Account];
    return { result: { main: sideBalances(ctx, sub.id, 'wallet'), trading: sideBalances(ctx, sub.id, 'spot') } };
  });
  routes.add('GET', '/api/2/sub-acc/deposit-address/:id/:currency', ANY_KEY, (r) => {
    const p = ParamReader.of(r);
    const [sub] = ownSubs(ctx, callerId(r), [r.params.id ?? '']) as [Account];
    const currency = p.currency('currency');
    const row = ensureAddress(ctx, sub.id, currency, resolveNetwork(currency, p.text('networkCode'), 'networkCode'));
    return { result: v2Address(row) };
  });
}

/** The sub-accounts named by `ids` (an array, or comma-separated), all of them the caller's. */
function subsNamedBy(ctx: SandboxContext, r: RouteContext): Account[] {
  const ids = ParamReader.of(r).list('ids');
  if (!ids) throw validationError('ids', 'is required');
  return ownSubs(ctx, callerId(r), ids);
}

function withdrawalSetting(sub: Account): { subAccountId: number; isPayoutEnabled: boolean; description: string } {
  return { subAccountId: sub.id, isPayoutEnabled: sub.withdrawEnabled, description: sub.description };
}
