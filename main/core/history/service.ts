// The active profile's history: its store (<dataDir>/history/<profileId>.db), the sync that fills
// it through the store's writer thread (store-writer.ts), and the query engine the History page
// reads through, with each entry's explorer page filled from the service's currency list (null
// when the list names none, or there is no hash).
import type {
  HistoryEntry, HistoryFilter, HistoryFlows, HistoryRows, HistoryRowsRequest, HistorySummary, HistorySyncStatus,
} from '../../../preload/contract/history';
import type { Currency, Transaction } from '../../exchange/domain';
import type { SqliteOptions } from '../../db/sqlite';
import type { CheckoutLinks } from '../buycrypto/checkout-links';
import type { HistoryQuery } from './query';
import { openHistoryStore, type HistoryStore } from './store';
import { ThreadWriter } from './store-writer';
import { HistorySync, type HistoryReads, type HistorySyncDeps } from './sync';

export interface HistoryServiceDeps extends SqliteOptions {
  dataDir: string;
  profileId: string;
  /** The profile's client at background priority. */
  api: HistoryReads;
  /** The service's currency list (cached by the caller): where the explorer templates come from. */
  currencies: () => Promise<Currency[]>;
  /** The link policy's allowance learns the explorer pages this service may open. */
  links: CheckoutLinks;
  notices: HistorySyncDeps['notices'];
  sync?: Pick<HistorySyncDeps, 'retryDelaysMs' | 'catchUpEveryMs' | 'timers'>;
}

type Templates = Map<string, string>;

export class HistoryService {
  private readonly store: HistoryStore;
  private readonly writer: ThreadWriter;
  private readonly sync: HistorySync;
  private templates: Templates | null = null;

  constructor(private readonly deps: HistoryServiceDeps) {
    this.store = openHistoryStore(deps.dataDir, deps.profileId, { nativeBinding: deps.nativeBinding });
    this.writer = new ThreadWriter({ path: this.store.path, nativeBinding: deps.nativeBinding });
    this.sync = new HistorySync({ api: deps.api, store: this.store, writer: this.writer, notices: deps.notices, ...deps.sync });
  }

  /** The store's file: the exporter's worker opens it read-only. */
  get databasePath(): string {
    return this.store.path;
  }

  /** The engine over the store (the one the exporter's worker builds over its own connection). */
  get query(): HistoryQuery {
    return this.store.query;
  }

  start(): void {
    void this.sync.syncNow();
  }

  status(): HistorySyncStatus {
    return this.sync.status();
  }

  /** Starts a catch-up pass (or joins the running one) and says where the sync stands. */
  syncNow(): HistorySyncStatus {
    void this.sync.syncNow();
    return this.sync.status();
  }

  /** Resolves when the running (or a new) pass ends: for tests and tools that wait for the store. */
  syncPass(): Promise<void> {
    return this.sync.syncNow();
  }

  resync(): void {
    this.sync.resync();
  }

  onServiceTransaction(tx: Transaction): void {
    this.sync.onServiceTransaction(tx);
  }

  /** The trading stream reported a trade: the trade history is read after its cursor (coalesced). */
  tradesReported(): void {
    this.sync.tradesReported();
  }

  summary(filter: HistoryFilter): HistorySummary {
    return this.store.query.summary(filter);
  }

  async rows(request: HistoryRowsRequest): Promise<HistoryRows> {
    const window = this.store.query.rows(request);
    const templates = await this.explorerTemplates();
    return { ...window, rows: window.rows.map((entry) => withExplorer(entry, templates)) };
  }

  flows(filter: HistoryFilter): HistoryFlows {
    return this.store.query.flows(filter);
  }

  close(): void {
    this.sync.close();
    this.writer.close();
    this.store.close();
  }

  /** currency → network → template, read once per scope; an unreadable list leaves links out. */
  private async explorerTemplates(): Promise<Templates> {
    if (this.templates !== null) return this.templates;
    let currencies: Currency[];
    try {
      currencies = await this.deps.currencies();
    } catch {
      return new Map();
    }
    const templates: Templates = new Map();
    for (const currency of currencies) {
      for (const network of currency.networks) {
        if (network.explorerUrl === undefined || network.explorerUrl === '') continue;
        this.deps.links.registerExplorer(network.explorerUrl);
        for (const name of [network.code, network.network]) templates.set(`${currency.code}|${name}`, network.explorerUrl);
        if (network.isDefault) templates.set(`${currency.code}|`, network.explorerUrl);
      }
    }
    this.templates = templates;
    return templates;
  }
}

/**
 * The profile's history service, or null when its store cannot be opened (a damaged file, one
 * written by a newer Coffer): the rest of the profile's work goes on without it.
 */
export function openHistoryService(deps: HistoryServiceDeps): HistoryService | null {
  try {
    return new HistoryService(deps);
  } catch (error) {
    console.error(`[history] the history store of profile ${deps.profileId} could not be opened: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** The entry with its explorer page: the template of its currency and network (or the currency's default network), {tx} its hash. */
export function withExplorer(entry: HistoryEntry, templates: ReadonlyMap<string, string>): HistoryEntry {
  if (entry.hash === null || entry.hash === '') return entry;
  const template = templates.get(`${entry.currency}|${entry.network ?? ''}`) ?? templates.get(`${entry.currency}|`);
  if (template === undefined || !template.startsWith('https://')) return entry;
  return { ...entry, explorerUrl: template.replace('{tx}', encodeURIComponent(entry.hash)) };
}
