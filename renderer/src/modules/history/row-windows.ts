// The rows the table has read, kept as fixed windows in a small LRU, with no Vue in it. Every read
// is tagged with the generation it was asked in: a new filter (clear) or a change in the store
// (invalidate) starts a new generation, and an answer from an older one is dropped, so a slow
// reply for the last filter can never show under the new one. Invalidated windows keep showing
// their rows until their fresh copy arrives, so a re-read does not blank the screen.

/** Rows per read (the contract allows up to 500): a few screens, so a new filter's first answer
 *  carries the rows in view and not four times as many to encode, send and parse first. */
export const WINDOW_SIZE = 50;
/** Windows kept: a few screens around the viewport on each side. */
export const WINDOW_CAPACITY = 48;

interface CachedWindow<Row> {
  rows: readonly Row[];
  generation: number;
}

/** A read asked of the row source: answer it with accept(). */
export interface WindowRead {
  window: number;
  offset: number;
  limit: number;
  generation: number;
}

export class RowWindowCache<Row> {
  private readonly windows = new Map<number, CachedWindow<Row>>();
  private readonly inFlight = new Map<number, number>();
  private current = 0;

  constructor(
    readonly size = WINDOW_SIZE,
    readonly capacity = WINDOW_CAPACITY,
  ) {}

  get generation(): number {
    return this.current;
  }

  /** The row at an index of the filtered set, if its window has been read (maybe before a change). */
  row(index: number): Row | undefined {
    return this.windows.get(Math.floor(index / this.size))?.rows[index % this.size];
  }

  /** Whether row `index`'s window is from the current generation. */
  isFresh(index: number): boolean {
    return this.windows.get(Math.floor(index / this.size))?.generation === this.current;
  }

  /** Reads asked in this generation and not answered yet. */
  get pending(): number {
    let count = 0;
    for (const generation of this.inFlight.values()) if (generation === this.current) count += 1;
    return count;
  }

  /**
   * The reads to send for `windows` (the ones the viewport needs, most wanted first): those not
   * read in this generation and not already asked for in it, at most `max`. Needed windows count
   * as just used.
   */
  reads(windows: readonly number[], total: number, max = Infinity): WindowRead[] {
    const reads: WindowRead[] = [];
    for (const window of windows) {
      const cached = this.windows.get(window);
      if (cached) this.touch(window, cached);
      if (reads.length >= max) continue;
      if (cached?.generation === this.current || this.inFlight.get(window) === this.current) continue;
      const offset = window * this.size;
      if (offset >= total && total > 0) continue;
      this.inFlight.set(window, this.current);
      reads.push({ window, offset, limit: this.size, generation: this.current });
    }
    return reads;
  }

  /** Stores an answer; false (and nothing kept) when it belongs to an older generation. */
  accept(read: WindowRead, rows: readonly Row[], keep: readonly number[] = []): boolean {
    if (this.inFlight.get(read.window) === read.generation) this.inFlight.delete(read.window);
    if (read.generation !== this.current) return false;
    this.touch(read.window, { rows, generation: read.generation });
    this.evict(new Set(keep));
    return true;
  }

  /** A read that failed: it may be asked again. */
  failed(read: WindowRead): void {
    if (this.inFlight.get(read.window) === read.generation) this.inFlight.delete(read.window);
  }

  /** The store changed: every window is read again when next needed, shown meanwhile. */
  invalidate(): void {
    this.current += 1;
    this.inFlight.clear();
  }

  /** Another filter: nothing read before applies. */
  clear(): void {
    this.invalidate();
    this.windows.clear();
  }

  /** Windows held, least recently used first (for tests and figures). */
  held(): number[] {
    return [...this.windows.keys()];
  }

  private touch(window: number, entry: CachedWindow<Row>): void {
    this.windows.delete(window);
    this.windows.set(window, entry);
  }

  private evict(keep: ReadonlySet<number>): void {
    for (const window of this.windows.keys()) {
      if (this.windows.size <= this.capacity) return;
      if (!keep.has(window)) this.windows.delete(window);
    }
  }
}
