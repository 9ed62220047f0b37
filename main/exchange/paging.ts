// History read by cursor, not offset: offsets stop at 100 000 and shift while records arrive.
// Pages are requested in ascending order from the last cursor seen, so every record is yielded
// exactly once, however long the history.
import { currentRun, runCancellable, runStoppable } from './cancellation';
export type FetchFrom<T> = (from: string | undefined, limit: number) => Promise<readonly T[]>;

/** Ascending ids; the next page starts at the last id + 1 (bounds are inclusive). */
export async function* walkById<T>(
  fetchPage: FetchFrom<T>,
  idOf: (item: T) => string,
  pageSize = 1_000,
  firstFrom?: string,
): AsyncGenerator<T> {
  let last: bigint | undefined;
  for (;;) {
    const page = await fetchPage(last === undefined ? firstFrom : (last + 1n).toString(), pageSize);
    let fresh = 0;
    for (const item of page) {
      const itemId = BigInt(idOf(item));
      if (last !== undefined && itemId <= last) continue;
      last = itemId;
      fresh += 1;
      yield item;
    }
    if (page.length < pageSize) return;
    if (fresh === 0) throw new Error('history cursor did not advance: the service ignored the id bound');
  }
}

/**
 * Ascending times; the next page starts at the last time seen (inclusive), skipping the records
 * already yielded at that exact time. Used when a time filter rules out id cursors.
 */
export async function* walkByTime<T>(
  fetchPage: FetchFrom<T>,
  timeOf: (item: T) => string,
  idOf: (item: T) => string,
  firstFrom: string | undefined,
  pageSize = 1_000,
): AsyncGenerator<T> {
  let from = firstFrom;
  let boundary = new Set<string>();
  for (;;) {
    const page = await fetchPage(from, pageSize);
    let fresh = 0;
    for (const item of page) {
      const time = timeOf(item);
      const itemId = idOf(item);
      if (time === from && boundary.has(itemId)) continue;
      if (time !== from) {
        from = time;
        boundary = new Set<string>();
      }
      boundary.add(itemId);
      fresh += 1;
      yield item;
    }
    if (page.length < pageSize) return;
    if (fresh === 0) throw new Error(`more than ${pageSize} records share one timestamp: the time cursor cannot advance`);
  }
}

export type FetchFromOffset<T> = (from: string | undefined, offset: number, limit: number) => Promise<readonly T[]>;

export interface PipelineOptions {
  pageSize?: number;
  /** Pages in flight at once; the rate limiter still decides when each leaves. */
  concurrency?: number;
  /** Pages read from one id anchor before re-anchoring at the last id seen (offset stays small). */
  anchorPages?: number;
  /** The first anchor (inclusive): where a walk stopped before resumes; undefined = the oldest record. */
  firstFrom?: string;
}

/**
 * The id cursor, pipelined: from one anchor id, pages at offsets 0, 1000, 2000 ... are fetched
 * several at a time, and once `anchorPages` pages hang on one anchor, the next page is asked from a
 * new anchor: the last id of the newest page that came in, + 1. The offsets stay far below the
 * service's 100 000 ceiling, and records that arrive meanwhile get higher ids, so they land after
 * the pages being read and never shift them; for the same reason the pages still in flight from
 * the old anchor and those from the new one join up, and moving the anchor never waits for the
 * pipeline to empty. Only for filters on fields that never change (currency, type); a status
 * filter must use walkById.
 */
export async function* walkByIdPipelined<T>(
  fetchPage: FetchFromOffset<T>,
  idOf: (item: T) => string,
  options: PipelineOptions = {},
): AsyncGenerator<T> {
  const pageSize = options.pageSize ?? 1_000;
  const concurrency = options.concurrency ?? 4;
  const anchorPages = options.anchorPages ?? 50;
  const pages: Array<Promise<readonly T[]>> = [];
  // Pages asked for past the end (or past a failure) and still waiting for their turn are dropped
  // when the walk ends: never sent, they leave their slots of the rate limit to what comes next.
  const outer = currentRun();
  const walk = new AbortController();
  const stop = () => walk.abort();
  outer?.signal.addEventListener('abort', stop, { once: true });
  if (outer?.signal.aborted === true) stop();
  const withinRun = <R>(fn: () => Promise<R>): Promise<R> =>
    outer?.leavesHeadroom === true ? runCancellable(walk.signal, fn) : runStoppable(walk.signal, fn);
  let anchor = options.firstFrom;
  /** The page at offset 0 of the anchor. */
  let anchorPage = 0;
  /** Asks for pages until `concurrency` are in flight; `arrived` pages came in, the last ending at `lastArrived`. */
  const launch = (arrived: number, lastArrived?: bigint) => {
    while (pages.length - arrived < concurrency) {
      if (pages.length - anchorPage >= anchorPages) {
        if (lastArrived === undefined || arrived === anchorPage) return;
        anchor = (lastArrived + 1n).toString();
        anchorPage = arrived;
        continue;
      }
      const from = anchor;
      const offset = (pages.length - anchorPage) * pageSize;
      const page = withinRun(() => fetchPage(from, offset, pageSize));
      page.catch(() => undefined); // awaited below in order; this only silences early settlement
      pages.push(page);
    }
  };
  try {
    launch(0);
    let last: bigint | undefined;
    for (let consumed = 0; consumed < pages.length; ) {
      const page = (await pages[consumed]) ?? [];
      consumed += 1;
      const full = page.length >= pageSize;
      // The next page is asked for before this one is handed on, so whatever the reader does with
      // it (storing it) never leaves a slot of the rate limit unused.
      if (full) launch(consumed, BigInt(idOf(page[page.length - 1] as T)));
      else stop();
      let fresh = 0;
      for (const item of page) {
        const itemId = BigInt(idOf(item));
        if (last !== undefined && itemId <= last) continue;
        last = itemId;
        fresh += 1;
        yield item;
      }
      if (!full) return;
      if (fresh === 0) throw new Error('history cursor did not advance: the service ignored the id bound');
    }
  } finally {
    stop();
    outer?.signal.removeEventListener('abort', stop);
  }
}
