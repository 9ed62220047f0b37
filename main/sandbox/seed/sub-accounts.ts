// The master's sub-accounts beyond the first three, in mixed states: several holding a little,
// some nothing, three frozen, one new. And the test control's way to add more. They get a key
// each but no history and no addresses, so seeding them costs next to nothing.
import { randomBytes } from 'node:crypto';
import { KEY_RIGHTS } from '../auth/rights';
import type { SandboxContext } from '../context';
import type { AccountStatus } from '../db/accounts';
import { formatAmount } from '../wallet/money';

/** Available balances per currency code. */
export type Funding = Readonly<Record<string, string>>;

interface SubAccountDef {
  name: string;
  status: AccountStatus;
  wallet: Funding;
  spot?: Funding;
}

/** Seeded after the first accounts (master, sub-alpha, sub-beta, sub-gamma, alice, bob), in this order. */
export const MORE_SUB_ACCOUNTS: readonly SubAccountDef[] = [
  { name: 'sub-delta', status: 'active', wallet: { USDT: '1250', BTC: '0.015' }, spot: { USDT: '40' } },
  { name: 'sub-epsilon', status: 'frozen', wallet: { USDT: '300', ETH: '0.25' } },
  { name: 'sub-zeta', status: 'active', wallet: {} },
  { name: 'sub-eta', status: 'active', wallet: { USDT: '75.5' } },
  { name: 'sub-theta', status: 'frozen', wallet: {} },
  { name: 'sub-iota', status: 'new', wallet: {} },
  { name: 'sub-kappa', status: 'active', wallet: { USDT: '480', USDC: '120', SOL: '2.5' }, spot: { SOL: '0.5' } },
  { name: 'sub-lambda', status: 'frozen', wallet: { BTC: '0.002' } },
  { name: 'sub-mu', status: 'active', wallet: { USDT: '20', EUR: '150' } },
];

const newKey = (): string => randomBytes(16).toString('hex');

/** One sub-account of `masterId` with a full-rights key and the given balances; its id. */
export function insertSubAccount(ctx: SandboxContext, masterId: number, def: SubAccountDef, createdAt: number): number {
  const id = ctx.accounts.insert({
    kind: 'sub', parentId: masterId, email: `${def.name}@sandbox.test`, username: def.name, externalId: `ext-${def.name}`,
    status: def.status, depositAddressGenerationEnabled: true, withdrawEnabled: true, description: '', createdAt, updatedAt: createdAt,
  });
  ctx.accounts.addKey({ accountId: id, label: 'full', rights: [...KEY_RIGHTS], apiKey: newKey(), secretKey: newKey() });
  for (const [side, funding] of [['wallet', def.wallet], ['spot', def.spot ?? {}]] as const) {
    for (const [code, amount] of Object.entries(funding)) ctx.balances.set(id, side, code, formatAmount(amount, code), formatAmount(0, code));
  }
  return id;
}

export function seedMoreSubAccounts(ctx: SandboxContext, masterId: number, createdAt: number): void {
  for (const def of MORE_SUB_ACCOUNTS) insertSubAccount(ctx, masterId, def, createdAt);
}

export interface MoreSubAccounts {
  count: number;
  status: AccountStatus;
  /** Wallet balances each new sub-account starts with. */
  funding: Funding;
}

/** `count` more sub-accounts of the master, named sub-more-<n>, in one transaction; their ids. */
export function createSubAccounts(ctx: SandboxContext, masterId: number, request: MoreSubAccounts): number[] {
  const now = ctx.clock.now();
  return ctx.db.transaction(() => {
    const ids: number[] = [];
    let n = ctx.accounts.subAccountsOf(masterId).length;
    while (ids.length < request.count) {
      n += 1;
      const name = `sub-more-${n}`;
      if (ctx.accounts.findBy('username', name) !== undefined) continue;
      ids.push(insertSubAccount(ctx, masterId, { name, status: request.status, wallet: request.funding }, now));
    }
    return ids;
  })();
}
