// Everything a route, stream or control of the account side needs, built once per sandbox.
import type Decimal from './decimal';
import type { SandboxClock } from './clock';
import { AccountRepository } from './db/accounts';
import { BalanceRepository } from './db/balances';
import type { SandboxDb } from './db/open';
import { TransactionRepository } from './db/transactions';
import { SandboxEvents } from './wallet/events';
import { Ledger } from './wallet/ledger';

/** What the account side needs from the market simulator (convert, buy-crypto quotes). */
export interface RateSource {
  rate(from: string, to: string): Decimal | null;
}

export interface SandboxContext {
  db: SandboxDb;
  clock: SandboxClock;
  seed: number;
  accounts: AccountRepository;
  balances: BalanceRepository;
  transactions: TransactionRepository;
  ledger: Ledger;
  events: SandboxEvents;
  market: RateSource;
  /** http://host:port of the running server (set once it listens); checkout links use it. */
  baseUrl: string;
}

export function createContext(db: SandboxDb, clock: SandboxClock, seed: number, market: RateSource): SandboxContext {
  const accounts = new AccountRepository(db);
  const balances = new BalanceRepository(db);
  const transactions = new TransactionRepository(db);
  const events = new SandboxEvents();
  const ledger = new Ledger(db, balances, transactions, events);
  return { db, clock, seed, accounts, balances, transactions, ledger, events, market, baseUrl: '' };
}
