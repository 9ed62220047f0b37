// The portfolio of one profile's scope: the net worth by day reconstructed from the history store
// (rules.ts, reconstruct.ts), today's allocation, the balances at a day's close, and Coffer's own
// daily snapshots checked against the reconstruction. Without a history store it still answers
// today (a one-day net worth with a noHistory note).
import type Database from 'better-sqlite3';
import Decimal from '../../../preload/contract/decimal';
import type {
  DateBalances, NetWorthHistory, PortfolioAllocation, PortfolioRange, PortfolioScope, RequestOf,
} from '../../../preload/contract';
import type { HistorySyncStatus } from '../../../preload/contract/history';
import type { AccountBalances } from '../../exchange/domain';
import { AppFailure } from '../app-error';
import { findCurrency, normalCode } from '../field-checks';
import { DAY_MS } from '../history/schema';
import { HISTORY_STORE_MIGRATIONS } from '../history/store';
import { openSqlite, type SqliteOptions } from '../../db/sqlite';
import type { Timers } from '../timers';
import { mergeBalances, toMap } from '../wallet/balances';
import { ClosesBook, type PriceHistoryApi } from './closes';
import { createDeltaReader, type DeltaReader } from './daily-deltas';
import { readToday, summedTotals, type HoldingsDeps, type TodayHoldings } from './holdings';
import { allocationOf, dateBalancesOf, netWorthOf, type PortfolioView } from './views';
import type { PortfolioService } from './port';
import { reconstruct, dayOfText } from './reconstruct';
import { MASTER_ACCOUNT, SnapshotBook, type Snapshot } from './snapshots';

const RANGE_DAYS: Record<Exclude<PortfolioRange, 'All'>, number> = { '1W': 7, '1M': 30, '3M': 90, '1Y': 365 };
/** history changes are told at most once a second. */
const HISTORY_NOTICE_MS = 1_000;
const PORTFOLIO_SCOPES: readonly string[] = ['master', 'all'];

export interface PortfolioDeps extends HoldingsDeps {
  /** A connection to the profile's history store (its own, beside the sync's); null: no history kept. */
  db: Database.Database | null;
  history: { status(): HistorySyncStatus } | null;
  priceApi: PriceHistoryApi;
  /** The master's balances read in the background (the snapshot after UTC midnight). */
  backgroundBalances(): Promise<AccountBalances>;
  changed(reason: 'snapshot' | 'history'): void;
  timers: Timers;
}

interface Stores {
  db: Database.Database;
  deltas: DeltaReader;
  snapshots: SnapshotBook;
  closes: ClosesBook;
}

export class PortfolioServiceImpl implements PortfolioService {
  private readonly stores: Stores | null;
  /** Reads of today's holdings in flight, by scope and valuation: the page asks for three views at once. */
  private readonly todayReads = new Map<string, Promise<TodayHoldings>>();
  private historyNotice: unknown = null;
  private midnight: unknown = null;
  private closed = false;

  constructor(private readonly deps: PortfolioDeps) {
    this.stores = deps.db === null ? null : {
      db: deps.db, deltas: createDeltaReader(deps.db), snapshots: new SnapshotBook(deps.db), closes: new ClosesBook(deps.db, deps.priceApi),
    };
    this.scheduleMidnight();
  }

  async netWorth(request: RequestOf<'portfolioNetWorth'>): Promise<NetWorthHistory> {
    const { valuation, scope } = await this.checked(request);
    if (!(request.range in RANGE_DAYS) && request.range !== 'All') throw new AppFailure('VALIDATION', `range must be one of 1W, 1M, 3M, 1Y, All`, 'range');
    const view = await this.view(scope, valuation, (todayDay) => {
      if (request.range !== 'All') return todayDay - RANGE_DAYS[request.range] + 1;
      const firsts = [this.stores?.deltas.firstDay() ?? null, this.stores?.snapshots.firstDay() ?? null].filter((day): day is number => day !== null);
      return Math.min(todayDay, ...firsts);
    });
    return netWorthOf(view, request.range);
  }

  async allocation(request: RequestOf<'portfolioAllocation'>): Promise<PortfolioAllocation> {
    const { valuation, scope } = await this.checked(request);
    const today = await this.today(valuation, scope);
    this.snapshotOf(today);
    return allocationOf(today, scope);
  }

  async balancesOnDate(request: RequestOf<'balancesOnDate'>): Promise<DateBalances> {
    const { valuation, scope } = await this.checked(request);
    const day = dayOfText(request.day);
    if (!Number.isFinite(day)) throw new AppFailure('VALIDATION', 'day must be a date written YYYY-MM-DD', 'day');
    const view = await this.view(scope, valuation, (todayDay) => {
      if (day > todayDay) throw new AppFailure('VALIDATION', 'day must not be in the future', 'day');
      return day;
    });
    return dateBalancesOf(view);
  }

  /** The master's balances as the wallet page read them: the day's snapshot, when it has none yet. */
  masterBalancesRead(balances: AccountBalances): void {
    if (this.stores === null || this.closed) return;
    const totals = new Map(mergeBalances(toMap(balances.wallet), toMap(balances.spot)).map((b) => [b.currency, new Decimal(b.total)]));
    this.takeSnapshots([{ accountId: MASTER_ACCOUNT, totals }], this.deps.timers.now());
  }

  /** The history store changed: the charts are told, at most once a second. */
  historyChanged(): void {
    if (this.closed || this.historyNotice !== null) return;
    this.historyNotice = this.deps.timers.set(() => {
      this.historyNotice = null;
      if (!this.closed) this.deps.changed('history');
    }, HISTORY_NOTICE_MS);
  }

  close(): void {
    this.closed = true;
    if (this.historyNotice !== null) this.deps.timers.clear(this.historyNotice);
    if (this.midnight !== null) this.deps.timers.clear(this.midnight);
    this.deps.db?.close();
  }

  /** Today's holdings; a read already in flight for the same scope and valuation is joined, not repeated. */
  private today(valuation: string, scope: PortfolioScope): Promise<TodayHoldings> {
    const key = `${scope}:${valuation}`;
    let read = this.todayReads.get(key);
    if (read === undefined) {
      read = readToday(this.deps, valuation, scope).finally(() => this.todayReads.delete(key));
      this.todayReads.set(key, read);
    }
    return read;
  }

  private async checked(request: { valuationCurrency: string; scope: PortfolioScope }): Promise<{ valuation: string; scope: PortfolioScope }> {
    if (!PORTFOLIO_SCOPES.includes(request.scope)) throw new AppFailure('VALIDATION', 'scope must be master or all', 'scope');
    const valuation = normalCode(request.valuationCurrency);
    findCurrency(valuation, await this.deps.currencies(), 'valuationCurrency');
    return { valuation, scope: request.scope };
  }

  /** Today's holdings taken back to the first day `firstDayOf` picks, valued, with the snapshots of those days. */
  private async view(scope: PortfolioScope, valuation: string, firstDayOf: (todayDay: number) => number): Promise<PortfolioView> {
    const today = await this.today(valuation, scope);
    this.snapshotOf(today);
    const todayDay = Math.floor(today.readMs / DAY_MS);
    const stores = this.stores;
    const empty = stores === null || stores.deltas.firstDay() === null;
    const firstDay = firstDayOf(todayDay);
    const anchor = summedTotals(today.accounts);
    const deltas = empty ? new Map() : stores.deltas.daily(scope, firstDay + 1);
    const base = { firstDay, lastDay: todayDay, today: anchor, deltas, valuationCurrency: valuation };
    const snapshots = (stores?.snapshots.inRange(firstDay, todayDay) ?? []).filter((s) => scope === 'all' || s.account === MASTER_ACCOUNT);
    // Closes are asked only for what was held on a past day (or snapshotted).
    const unvalued = reconstruct({ ...base, closes: new Map() });
    const wanted = new Set(snapshots.flatMap((s) => [...s.amounts.keys()]));
    for (const day of unvalued.days) if (day.day < todayDay) for (const [currency, amount] of day.holdings) if (!amount.isZero()) wanted.add(currency);
    const closes = stores === null ? new Map<string, Map<number, Decimal>>() : await stores.closes.closes([...wanted], valuation, firstDay, todayDay - 1);
    for (const [currency, rate] of today.rates) {
      let byDay = closes.get(currency);
      if (byDay === undefined) closes.set(currency, (byDay = new Map()));
      byDay.set(todayDay, rate);
    }
    const reconstruction = reconstruct({ ...base, closes });
    return {
      scope, today, reconstruction, closes, snapshots, empty,
      masterAt: (snapshot) => this.masterAt(snapshot, today, scope === 'master' ? reconstruction : null),
      status: this.deps.history === null ? null : this.deps.history.status(),
      historyKept: stores !== null,
    };
  }

  /** The master's reconstructed holdings at the snapshot's moment: its day's close less the entries after it that day. */
  private masterAt(snapshot: Snapshot, today: TodayHoldings, sameRules: ReturnType<typeof reconstruct> | null): Map<string, Decimal> {
    const stores = this.stores as Stores;
    const todayDay = Math.floor(today.readMs / DAY_MS);
    const masterToday = (today.accounts[0] as TodayHoldings['accounts'][number]).totals;
    const reconstruction = sameRules ?? reconstruct({
      firstDay: snapshot.day, lastDay: todayDay, today: masterToday, valuationCurrency: today.valuationCurrency,
      deltas: stores.deltas.daily('master', snapshot.day + 1), closes: new Map(),
    });
    const close = reconstruction.days.find((day) => day.day === snapshot.day)?.holdings ?? new Map<string, Decimal>();
    const at = new Map(close);
    for (const [currency, delta] of stores.deltas.partDay('master', snapshot.takenMs)) at.set(currency, (at.get(currency) ?? new Decimal(0)).minus(delta));
    return at;
  }

  /** Every account read today gets its snapshot of the day, if it has none yet. */
  private snapshotOf(today: TodayHoldings): void {
    this.takeSnapshots(today.accounts, today.readMs);
  }

  /** A snapshot that cannot be written is left for the next read: the balances were shown anyway. */
  private takeSnapshots(accounts: ReadonlyArray<{ accountId: string; totals: ReadonlyMap<string, Decimal> }>, takenMs: number): void {
    if (this.stores === null || this.closed) return;
    let taken = false;
    try {
      for (const account of accounts) taken = this.stores.snapshots.take(account.accountId, takenMs, account.totals) || taken;
    } catch (error) {
      console.error(`[portfolio] a snapshot could not be written: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (taken) this.deps.changed('snapshot');
  }

  /** After each UTC midnight while the scope is open, the master's snapshot of the new day. */
  private scheduleMidnight(): void {
    if (this.stores === null) return;
    const now = this.deps.timers.now();
    const next = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
    this.midnight = this.deps.timers.set(() => {
      this.midnight = null;
      if (this.closed) return;
      this.deps.backgroundBalances().then((balances) => this.masterBalancesRead(balances), (error: unknown) => {
        console.error(`[portfolio] the midnight snapshot could not be taken: ${error instanceof Error ? error.message : String(error)}`);
      });
      this.scheduleMidnight();
    }, next - now + 1_000);
  }
}

export interface OpenPortfolioDeps extends Omit<PortfolioDeps, 'db'>, SqliteOptions {
  /** The profile's history store file; null: no history is kept. */
  databasePath: string | null;
}

/** The scope's portfolio over its own connection to the history store (without one when it cannot be opened). */
export function openPortfolioService(deps: OpenPortfolioDeps): PortfolioServiceImpl {
  let db: Database.Database | null = null;
  if (deps.databasePath !== null) {
    try {
      db = openSqlite(deps.databasePath, { nativeBinding: deps.nativeBinding, migrations: HISTORY_STORE_MIGRATIONS });
    } catch (error) {
      console.error(`[portfolio] the history store could not be opened: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return new PortfolioServiceImpl({ ...deps, db });
}
