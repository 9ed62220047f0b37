// The demo world: a funded master account with three funded sub-accounts (one disabled), two
// other users, then nine more sub-accounts in mixed states (seed/sub-accounts.ts), keys with
// various rights, balances on every currency, addresses and a white-list. The master's balances are
// the sums of its seeded history (seed/master-history.ts: funding, ten thousand wallet transactions,
// spot trades) with a few resting orders holding part of spot. Deterministic from the seed, except
// the generated key pairs.
import { randomBytes } from 'node:crypto';
import Decimal from '../decimal';
import { CURRENCIES } from '../catalog';
import type { SandboxContext } from '../context';
import type { AccountKind, AccountStatus } from '../db/accounts';
import { readMeta, writeMeta } from '../db/open';
import { KEY_RIGHTS, type KeyRight } from '../auth/rights';
import { createDepositAddress } from '../wallet/addresses';
import { formatAmount } from '../wallet/money';
import { HISTORY_DAYS } from './history';
import { planHistory, writeLateHistory } from './late-history';
import { seedMoreSubAccounts } from './sub-accounts';

export interface SeedOptions {
  apiKey?: string;
  secretKey?: string;
  lightSeed?: boolean;
  /** Transactions in the master's seeded history; SEEDED_HISTORY when absent. */
  seededHistory?: number;
  /**
   * Leaves the master's wallet transactions to writeLateHistory (its balances, trades and orders
   * are written): they take most of the seed's writes and no balance read needs them.
   */
  historyLater?: boolean;
}

interface PersonDef {
  kind: AccountKind;
  name: string;
  status: AccountStatus;
  /** Wallet funding in USDT value per currency; spot gets a tenth. */
  fundingUsdt: number;
}

const PEOPLE: readonly PersonDef[] = [
  { kind: 'master', name: 'master', status: 'active', fundingUsdt: 250_000 },
  { kind: 'sub', name: 'sub-alpha', status: 'active', fundingUsdt: 20_000 },
  { kind: 'sub', name: 'sub-beta', status: 'active', fundingUsdt: 5_000 },
  { kind: 'sub', name: 'sub-gamma', status: 'disabled', fundingUsdt: 1_000 },
  { kind: 'user', name: 'alice', status: 'active', fundingUsdt: 10_000 },
  { kind: 'user', name: 'bob', status: 'active', fundingUsdt: 10_000 },
];

/** Restricted keys of the master account, so clients can test each right. */
const MASTER_EXTRA_KEYS: readonly { label: string; rights: KeyRight[] }[] = [
  { label: 'pay-only', rights: ['PAY'] },
  { label: 'wdr-only', rights: ['WDR'] },
  { label: 'hist-only', rights: ['HIST'] },
  { label: 'ord-only', rights: ['ORD'] },
  { label: 'no-rights', rights: [] },
];

export const SEEDED_HISTORY = 10_000;
const DAY_MS = 86_400_000;
/** The master's funding lands this long before its 90 days of history, inside the market's price
 * history, so every day the account held money has a price. */
const FUNDING_LEAD_MS = 3_600_000;

export function seedIfEmpty(ctx: SandboxContext, options: SeedOptions): void {
  if (readMeta(ctx.db, 'seeded') === undefined) seedWorld(ctx, options);
  if (options.apiKey !== undefined && options.secretKey !== undefined) {
    const master = ctx.accounts.master();
    if (master) {
      // The given pair becomes the master key; an earlier master key of this database stays valid.
      ctx.db.prepare("UPDATE api_keys SET label = 'previous-master' WHERE account_id = ? AND label = 'master' AND api_key != ?").run(master.id, options.apiKey);
      ctx.accounts.addKey({ accountId: master.id, apiKey: options.apiKey, secretKey: options.secretKey, label: 'master', rights: [...KEY_RIGHTS] });
    }
  }
}

function seedWorld(ctx: SandboxContext, options: SeedOptions): void {
  const now = ctx.clock.now();
  ctx.db.transaction(() => {
    let masterId: number | null = null;
    for (const person of PEOPLE) {
      const id = ctx.accounts.insert({
        kind: person.kind, parentId: person.kind === 'sub' ? masterId : null,
        email: `${person.name}@sandbox.test`, username: person.name, externalId: `ext-${person.name}`,
        status: person.status, depositAddressGenerationEnabled: true, withdrawEnabled: true, description: '',
        createdAt: now - 120 * DAY_MS, updatedAt: now - 120 * DAY_MS,
      });
      if (person.kind === 'master') masterId = id;
      const isMaster = person.kind === 'master';
      ctx.accounts.addKey({
        accountId: id, label: isMaster ? 'master' : 'full', rights: [...KEY_RIGHTS],
        apiKey: isMaster && options.apiKey !== undefined ? options.apiKey : newKey(),
        secretKey: isMaster && options.secretKey !== undefined ? options.secretKey : newKey(),
      });
      if (isMaster) for (const extra of MASTER_EXTRA_KEYS) ctx.accounts.addKey({ accountId: id, apiKey: newKey(), secretKey: newKey(), ...extra });
      fund(ctx, id, person.fundingUsdt);
      if (isMaster) seedAddressesAndWhiteList(ctx, id, now);
    }
    if (masterId !== null) seedMoreSubAccounts(ctx, masterId, now - 30 * DAY_MS);
    writeMeta(ctx.db, 'seeded', String(now));
    const master = ctx.accounts.master();
    if (master && options.lightSeed !== true) {
      const usdt = PEOPLE[0]?.fundingUsdt ?? 0;
      const targets = CURRENCIES.map((c) => ({ code: c.code, wallet: formatAmount(divide(usdt, c.referencePriceUsdt), c.code), spot: formatAmount(divide(usdt / 10, c.referencePriceUsdt), c.code) }));
      planHistory(ctx, {
        accountId: master.id, transactions: options.seededHistory ?? SEEDED_HISTORY, targets, seed: ctx.seed, nowMs: now, openedAt: now - HISTORY_DAYS * DAY_MS - FUNDING_LEAD_MS,
      });
    }
  })();
  if (options.historyLater !== true) writeLateHistory(ctx);
}

function newKey(): string {
  return randomBytes(16).toString('hex');
}

function fund(ctx: SandboxContext, accountId: number, usdtValue: number): void {
  for (const currency of CURRENCIES) {
    const wallet = formatAmount(divide(usdtValue, currency.referencePriceUsdt), currency.code);
    const spot = formatAmount(divide(usdtValue / 10, currency.referencePriceUsdt), currency.code);
    ctx.balances.set(accountId, 'wallet', currency.code, wallet, formatAmount(0, currency.code));
    ctx.balances.set(accountId, 'spot', currency.code, spot, formatAmount(0, currency.code));
  }
}

function divide(value: number, price: string): Decimal {
  return new Decimal(value).div(price);
}

function seedAddressesAndWhiteList(ctx: SandboxContext, accountId: number, now: number): void {
  for (const currency of CURRENCIES) {
    for (const network of currency.networks) createDepositAddress(ctx, accountId, currency, network, now);
  }
  const whiteList = ctx.db.prepare('INSERT INTO white_list (account_id, name, currency, network, address) VALUES (?, ?, ?, ?, ?)');
  whiteList.run(accountId, 'Cold storage', 'BTC', 'BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  whiteList.run(accountId, 'Treasury ETH', 'ETH', 'ETH', '0x742d35cc6634c0532925a3b844bc454e4438f44e');
}
