// The history store's writer: a worker thread (store-writer-worker.ts) owning the store's one write
// connection, so the thread that reads and stamps the service's replies never waits for SQLite.
// Pages are handed over as they are read and written in the order given, each page with its
// cursors in one transaction (store.ts writePage); each call resolves once its transaction has
// committed, so what the caller counts as stored is what the file holds. The main thread keeps
// its own connection for reading (WAL lets it read while a page is written).
//
// A walk's pages share a chain: once one of them cannot be written, every later page of that
// chain is refused unwritten, so no cursor ever moves past a page that is not stored.
//
// The built app runs out/main/history-writer.js; from the TypeScript sources (tests, tsx, benches)
// the worker loads store-writer-worker.ts through tsx's require hook.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { HistoryEntry } from '../../../preload/contract/history';
import type { SyncCursors, TradesLeftOutChange } from './store';
import { tradeRecordOf, type TradeRecord } from './trade-store';
import { startWorker } from '../start-worker';

export interface PageWriteOptions {
  /** Trades kept apart (or let go) in the same transaction. */
  leftOut?: TradesLeftOutChange;
  /** The walk this page belongs to (chain()): refused once an earlier page of it failed. */
  chain?: number;
}

export interface PageWriter {
  /** Stores a page with the cursors it moves, in one transaction; resolves with the entries written once committed. */
  writePage(entries: readonly HistoryEntry[], cursors: Partial<SyncCursors>, options?: PageWriteOptions): Promise<number>;
  /** Moves cursors alone, after every write handed over before (in `chain`, when given). */
  saveCursors(cursors: Partial<SyncCursors>, chain?: number): Promise<void>;
  /** A new chain for a walk's pages. */
  chain(): number;
  /** Writes what was handed over, then lets the connection go; nothing more is taken. */
  close(): void;
}

/** What the worker is started with. */
export interface WriterData {
  path: string;
  nativeBinding?: string;
}

export type ToWriter =
  | { type: 'write'; seq: number; chain: number | null; entries: readonly HistoryEntry[]; cursors: Partial<SyncCursors>;
    leftOut: { add: TradeRecord[]; remove: readonly string[] } | null }
  | { type: 'close' };

export type FromWriter = { type: 'written'; seq: number; written: number } | { type: 'failed'; seq: number; message: string };

/** The worker's script: built beside the app's entries, or the source under tsx. */
function writerScript(): string {
  const source = join(__dirname, 'store-writer-worker.ts');
  if (existsSync(source)) return source;
  // Bundled code runs from out/main or one of its chunk folders.
  const built = [join(__dirname, 'history-writer.js'), join(__dirname, '..', 'history-writer.js')].find((file) => existsSync(file));
  if (built === undefined) throw new Error('the history writer (history-writer.js) is missing from the app');
  return built;
}

interface Waiting {
  resolve(written: number): void;
  reject(error: Error): void;
}

export class ThreadWriter implements PageWriter {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private seq = 0;
  private chains = 0;
  private closed = false;

  constructor(private readonly data: WriterData) {}

  writePage(entries: readonly HistoryEntry[], cursors: Partial<SyncCursors>, options: PageWriteOptions = {}): Promise<number> {
    const leftOut = options.leftOut === undefined ? null : { add: options.leftOut.add.map(tradeRecordOf), remove: options.leftOut.remove };
    return this.post({ chain: options.chain ?? null, entries, cursors, leftOut });
  }

  async saveCursors(cursors: Partial<SyncCursors>, chain?: number): Promise<void> {
    await this.post({ chain: chain ?? null, entries: [], cursors, leftOut: null });
  }

  chain(): number {
    this.chains += 1;
    return this.chains;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.worker?.postMessage({ type: 'close' } satisfies ToWriter);
  }

  private post(write: Omit<Extract<ToWriter, { type: 'write' }>, 'type' | 'seq'>): Promise<number> {
    if (this.closed) return Promise.reject(new Error('the history store is closed'));
    let worker: Worker;
    try {
      worker = this.worker ?? this.start();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    this.seq += 1;
    const seq = this.seq;
    return new Promise<number>((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      // Held while writes are waiting, so a process does not end with a page half way; let go when idle.
      if (this.waiting.size === 1) worker.ref();
      worker.postMessage({ type: 'write', seq, ...write } satisfies ToWriter);
    });
  }

  private start(): Worker {
    const script = writerScript();
    const worker = startWorker(script, { workerData: this.data });
    worker.unref();
    worker.on('message', (message: FromWriter) => {
      const waiting = this.waiting.get(message.seq);
      this.waiting.delete(message.seq);
      if (this.waiting.size === 0) worker.unref();
      if (message.type === 'written') waiting?.resolve(message.written);
      else waiting?.reject(new Error(message.message));
    });
    const stopped = (error: Error) => {
      if (this.worker !== worker) return;
      // The next write starts a new worker; what waited is not stored (its cursors did not move either).
      this.worker = null;
      const waiting = [...this.waiting.values()];
      this.waiting.clear();
      for (const write of waiting) write.reject(error);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`the history writer stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
