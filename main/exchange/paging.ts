// History read by cursor, not offset: offsets stop at 100 000 and shift while records arrive.
// Pages are requested in ascending order from the last cursor seen, so every record is yielded
// exactly once, however long the history.
export type FetchFrom<T> = (from: string | undefined, limit: number) => Promise<readonly T[]>;

/** Ascending ids; the next page starts at the last id + 1 (bounds are inclusive). */
export async function* walkById<T>(fetchPage: FetchFrom<T>, idOf: (item: T) => string, pageSize = 1_000): AsyncGenerator<T> {
  let last: bigint | undefined;
  for (;;) {
    const page = await fetchPage(last === undefined ? undefined : (last + 1n).toString(), pageSize);
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
