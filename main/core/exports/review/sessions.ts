// Offline review of an export: the file reaches the review's folder in one stream (the web host's
// upload request, or the path the desktop app's dialog picked, copied), main checks it in a worker
// (signature, hashes, row counts) and, when the data is intact, loads its rows into a temporary
// database that the history query engine answers from, like the History page (a balances
// export's day is read from its file and kept instead, never loaded as transactions). The verdict
// comes first: while the rest of the rows are stored, the file's first rows, unfiltered, are read
// from a small database of their own, and whatever counts every row (the summary, the flows, a
// filter) waits for the load to end. A review needs no profile, no keychain and no network: its
// only inputs are the file and the trust list from settings. At most MAX_SESSIONS are open;
// opening another closes the oldest. Everything a review wrote lives in its own temporary folder,
// deleted when it is closed (or, after a crash, at the next start).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import type { HistoryFilter, HistoryFlows, HistoryRows, HistoryRowsRequest, HistorySummary, ReviewReport, TrustedKey } from '../../../../preload/contract/history';
import type { DateBalances } from '../../../../preload/contract/portfolio';
import { AppFailure } from '../../app-error';
import { createHistoryQuery, type HistoryQuery } from '../../history/query';
import { bindingOptions } from '../sqlite-binding';
import { runWorkerJob, type WorkerJob } from '../worker-thread';
import { MAX_UNPACKED_BYTES } from '../zip/format';
import { removeLeftoverReviewFolders, reviewFolderPrefix } from './leftovers';
import type { FirstRowsReady, ReviewTaskData, ReviewTaskResult } from './review-task';

export const MAX_SESSIONS = 4;
/** An export's data unpacks to at most MAX_UNPACKED_BYTES, and deflate never grows it by more than a fraction of a percent. */
export const MAX_REVIEW_FILE_BYTES = MAX_UNPACKED_BYTES + 16 * 1024 * 1024;

export interface ReviewDeps {
  /** The keys this installation trusts, from settings (no keychain). */
  trustedKeys(): TrustedKey[];
  progress(event: { reviewId: string; phase: 'verifying' | 'loading'; done: number; total: number }): void;
  workerScript: string;
  nativeBinding?: string;
  /** Where review folders are made (os.tmpdir() unless a test says otherwise). */
  tmpRoot?: string;
  /** The desktop app's file dialog: the path picked, or null when cancelled. */
  chooseFile?: () => Promise<string | null>;
}

interface Session {
  id: string;
  fileName: string;
  size: number;
  dir: string;
  received: number;
  /** The file being received (one stream at a time); finish waits for it. */
  writing: Promise<unknown> | null;
  checking: Promise<ReviewReport> | null;
  /** The report as soon as the verdict is known and the first rows can be read (else the final one). */
  firstReport: Promise<ReviewReport> | null;
  /** The first rows' database, read while the rest are stored. */
  firstRowsDb: Database.Database | null;
  job: WorkerJob<ReviewTaskResult> | null;
  db: Database.Database | null;
  query: HistoryQuery | null;
  /** A balances export's day, once checked (such an export has no rows to query). */
  balances: DateBalances | null;
  closed: boolean;
}

const notFound = () => new AppFailure('NOT_FOUND', 'No review is open under this id (it may have been closed, or replaced by newer ones)', 'reviewId');

export class ReviewSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly deps: ReviewDeps) {}

  /** Removes the review folders a crashed Coffer left behind (see leftovers.ts). */
  removeLeftovers(): Promise<string[]> {
    return removeLeftoverReviewFolders(this.deps.tmpRoot ?? tmpdir());
  }

  async begin(request: { fileName: string; size: number }): Promise<{ reviewId: string }> {
    if (request.size > MAX_REVIEW_FILE_BYTES) {
      throw new AppFailure('VALIDATION', `${request.fileName} is larger than any export Coffer writes (its data is 1 GiB at most)`, 'size');
    }
    while (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value as string;
      await this.close(oldest);
    }
    const id = randomUUID();
    const dir = await mkdtemp(join(this.deps.tmpRoot ?? tmpdir(), reviewFolderPrefix()));
    this.sessions.set(id, {
      id, fileName: request.fileName, size: request.size, dir, received: 0, writing: null, checking: null, firstReport: null, firstRowsDb: null, job: null, db: null, query: null, balances: null, closed: false,
    });
    return { reviewId: id };
  }

  /**
   * Writes the file's bytes, as they arrive, to the review's folder: never more than the size
   * announced, in one stream. A stream that fails leaves nothing behind, and may be sent again.
   */
  async receive(reviewId: string, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<{ received: number }> {
    const session = this.open(reviewId);
    if (session.checking !== null || session.received === session.size) throw new AppFailure('VALIDATION', 'The file was already handed over in full', 'reviewId');
    if (session.writing !== null) throw new AppFailure('VALIDATION', 'The file is being handed over already', 'reviewId');
    const written = this.write(session, body);
    session.writing = written.catch(() => undefined);
    try {
      return await written;
    } finally {
      session.writing = null;
    }
  }

  /** Shows the desktop app's file dialog and begins a review of the file picked (null: cancelled). */
  async choose(): Promise<{ reviewId: string; fileName: string; size: number } | null> {
    if (this.deps.chooseFile === undefined) {
      throw new AppFailure('UNAVAILABLE', 'Only the desktop app shows a file dialog: choose the export on the page instead');
    }
    const path = await this.deps.chooseFile();
    return path === null ? null : this.beginFromPath(path);
  }

  /** Begins a review of a file main reads itself (the path the desktop app's dialog picked). */
  async beginFromPath(path: string): Promise<{ reviewId: string; fileName: string; size: number }> {
    const fileName = basename(path);
    const { size } = await stat(path);
    if (size === 0) throw new AppFailure('VALIDATION', `${fileName} is empty`, 'path');
    const { reviewId } = await this.begin({ fileName, size });
    const session = this.open(reviewId);
    // A copy: what is checked, and then read, cannot change under the review.
    await copyFile(path, this.zipPath(session));
    const copied = (await stat(this.zipPath(session))).size;
    if (copied !== size) {
      await this.close(reviewId);
      throw new AppFailure('VALIDATION', `${fileName} changed while it was read; open it again`, 'path');
    }
    session.received = copied;
    return { reviewId, fileName, size };
  }

  private async write(session: Session, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<{ received: number }> {
    let received = 0;
    const cap = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        received += chunk.length;
        if (received > session.size) done(new AppFailure('TOO_LARGE', `${session.fileName} is larger than the ${session.size} bytes announced`, 'size'));
        else done(null, chunk);
      },
    });
    const path = this.zipPath(session);
    try {
      await pipeline(body, cap, createWriteStream(path));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    if (received !== session.size) {
      await rm(path, { force: true });
      throw new AppFailure('VALIDATION', `Only ${received} of the ${session.size} bytes of ${session.fileName} arrived`, 'size');
    }
    session.received = received;
    return { received };
  }

  /**
   * Checks the file and loads it when intact; asking again gives the same report. With firstRows,
   * answers once the verdict is known and the first rows can be read, the rest still loading.
   */
  async finish(reviewId: string, options: { firstRows?: boolean } = {}): Promise<ReviewReport> {
    const session = this.open(reviewId);
    if (session.checking === null || session.firstReport === null) {
      let firstReady: (report: ReviewReport) => void = () => undefined;
      let firstFailed: (error: unknown) => void = () => undefined;
      const firstReport = new Promise<ReviewReport>((resolve, reject) => {
        firstReady = resolve;
        firstFailed = reject;
      });
      // Only those who asked for it see its failure: the same one the whole check throws.
      firstReport.catch(() => undefined);
      const checking = Promise.resolve(session.writing).then(() => this.check(session, firstReady));
      checking.then(firstReady, firstFailed);
      session.checking = checking;
      session.firstReport = firstReport;
    }
    return options.firstRows === true ? session.firstReport : session.checking;
  }

  /**
   * Resolves once the review can answer `filter` over every row it will hold: at once when no rows
   * are loading, or for no filter (the first rows), else when the load ends.
   */
  async settled(reviewId: string, filter?: HistoryFilter): Promise<void> {
    const session = this.open(reviewId);
    if (session.firstRowsDb === null || (filter !== undefined && isNoFilter(filter))) return;
    await session.checking?.catch(() => undefined);
  }

  summary(reviewId: string, filter: HistoryFilter): HistorySummary {
    return this.complete(reviewId).summary(filter);
  }

  /** While the rows load, the first rows of the file, in the file's order (an export's: oldest first). */
  rows(reviewId: string, request: HistoryRowsRequest): HistoryRows {
    const session = this.open(reviewId);
    if (session.firstRowsDb === null || !isNoFilter(request.filter)) return this.complete(reviewId).rows(request);
    return inFileOrder(this.loaded(reviewId), request);
  }

  flows(reviewId: string, filter: HistoryFilter): HistoryFlows {
    return this.complete(reviewId).flows(filter);
  }

  /** The day a balances export holds, read from its file when it checked out. */
  balances(reviewId: string): DateBalances {
    const session = this.open(reviewId);
    if (session.balances === null) {
      throw new AppFailure('NOT_LOADED', 'This export holds no balances that checked out: it is a history export, or its signature or files did not check out', 'reviewId');
    }
    return session.balances;
  }

  async close(reviewId: string): Promise<void> {
    const session = this.sessions.get(reviewId);
    if (session === undefined) throw notFound();
    this.sessions.delete(reviewId);
    session.closed = true;
    session.job?.cancel();
    session.firstRowsDb?.close();
    session.db?.close();
    await rm(session.dir, { recursive: true, force: true });
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }

  private open(reviewId: string): Session {
    const session = this.sessions.get(reviewId);
    if (session === undefined) throw notFound();
    return session;
  }

  private loaded(reviewId: string): HistoryQuery {
    const session = this.open(reviewId);
    if (session.balances !== null) throw new AppFailure('NOT_LOADED', 'This export holds a day’s balances, not transactions', 'reviewId');
    if (session.query === null) {
      throw new AppFailure('NOT_LOADED', 'This export was not loaded: its signature or files did not check out (see the review report)', 'reviewId');
    }
    return session.query;
  }

  /** The query over every row: never a total of the first rows only. */
  private complete(reviewId: string): HistoryQuery {
    const query = this.loaded(reviewId);
    if (this.open(reviewId).firstRowsDb !== null) {
      throw new AppFailure('NOT_LOADED', 'The rows are still being loaded: only the first rows can be read until every row is stored', 'reviewId');
    }
    return query;
  }

  private zipPath(session: Session): string {
    return join(session.dir, 'export.zip');
  }

  private async check(session: Session, firstReady: (report: ReviewReport) => void): Promise<ReviewReport> {
    if (session.received !== session.size) {
      session.checking = null;
      throw new AppFailure('VALIDATION', `Only ${session.received} of ${session.size} bytes of ${session.fileName} have arrived`, 'reviewId');
    }
    const dbPath = join(session.dir, 'review.db');
    const firstRowsPath = join(session.dir, 'first-rows.db');
    const data: ReviewTaskData = { kind: 'review', zipPath: this.zipPath(session), dbPath, firstRowsPath, trusted: this.deps.trustedKeys(), nativeBinding: this.deps.nativeBinding };
    session.job = runWorkerJob<ReviewTaskResult>(this.deps.workerScript, data, {
      progress: (done, total, phase) => this.deps.progress({ reviewId: session.id, phase: phase === 'loading' ? 'loading' : 'verifying', done, total }),
      request: async (body) => {
        const { verification } = body as FirstRowsReady;
        if (session.closed) throw new Error('The review was closed');
        session.firstRowsDb = new Database(firstRowsPath, bindingOptions(this.deps.nativeBinding, { readonly: true }));
        session.query = createHistoryQuery(session.firstRowsDb);
        firstReady(reportOf(session, verification, { loaded: true, loading: true, rows: verification.signed?.rowCount ?? 0 }));
        return null;
      },
    });
    let outcome: ReviewTaskResult;
    try {
      outcome = await session.job.result;
    } catch (error) {
      session.checking = null;
      session.firstReport = null;
      throw new AppFailure('REVIEW_FAILED', `The export could not be checked: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      session.job = null;
      session.query = null;
      session.firstRowsDb?.close();
      session.firstRowsDb = null;
    }
    const { verification, rows, balances } = outcome;
    const loaded = verification.intact && !session.closed && rows === verification.signed?.rowCount;
    if (loaded && balances !== undefined) {
      session.balances = balances;
    } else if (loaded) {
      session.db = new Database(dbPath, bindingOptions(this.deps.nativeBinding, { readonly: true }));
      session.query = createHistoryQuery(session.db);
    }
    return reportOf(session, verification, { loaded, loading: false, rows: loaded ? rows : 0 });
  }
}

function reportOf(session: Session, verification: ReviewTaskResult['verification'], rows: Pick<ReviewReport, 'loaded' | 'loading' | 'rows'>): ReviewReport {
  return {
    reviewId: session.id,
    fileName: session.fileName,
    verified: verification.verified && rows.loaded,
    problems: verification.problems,
    manifest: verification.manifest,
    signer: verification.signer,
    ...rows,
    teamApprovals: verification.teamApprovals,
  };
}

/** The first rows' window counted from the oldest: the newest-first window that ends where it starts, reversed. */
function inFileOrder(query: HistoryQuery, { offset, limit }: HistoryRowsRequest): HistoryRows {
  const total = query.count({});
  const end = Math.max(0, total - offset);
  const start = Math.max(0, end - limit);
  if (end === start) return { rows: [], total };
  const window = query.rows({ filter: {}, offset: start, limit: end - start });
  return { ...window, rows: window.rows.reverse() };
}

/** No filter: every row (what the first rows can answer). */
function isNoFilter(filter: HistoryFilter): boolean {
  return Object.values(filter).every((value) => value === undefined);
}
