// The table's rows, read window by window around what the viewport shows. The component says
// which rows it renders (need); this reads the missing windows from the row source, keeps a few in
// an LRU (row-windows.ts) and drops answers asked under an older filter or before a change.
import { ref, shallowRef, type Ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { HistoryEntry, HistoryFilter } from '../../../../preload/contract/history';
import type { RowSource } from './row-source';
import { RowWindowCache, type WindowRead } from './row-windows';
import { windowsFor } from './virtual-window';

/** Rows read beyond the rendered ones on each side, so a scroll of a screen or two finds them read. */
export const FETCH_MARGIN = 100;
/** Window reads one table has unanswered at once: a fast scroll must not fill main's allowance of
 *  reads per window (it answers BUSY beyond it), and the rows in view are read first. */
export const MAX_READS_IN_FLIGHT = 3;
/** A read refused for being one too many, or dropped, is asked again after this long. */
export const RETRY_MS = 400;
/** Answers that say "not now", not "wrong": asked again, never shown. */
const TRANSIENT = new Set(['BUSY', 'CANCELLED']);

export interface RowWindows {
  /** Rows in the filtered set, as the latest answer told. */
  total: Ref<number>;
  /** Bumped whenever rows arrive: read it in a render to re-render with them. */
  version: Ref<number>;
  error: Ref<AppError | null>;
  rowAt(index: number): HistoryEntry | undefined;
  /** The rows first…last are rendered: read what they and the margin need. */
  need(first: number, last: number): void;
  /** Another filter or source: forget every row, read from the top. */
  reset(source: RowSource | null, filter: HistoryFilter): void;
  /** The same filter over changed data: read the rendered windows again, keeping them shown. */
  refresh(): void;
  setTotal(total: number): void;
}

export function useRowWindows(cache = new RowWindowCache<HistoryEntry>()): RowWindows {
  const total = ref(0);
  const version = ref(0);
  const error = shallowRef<AppError | null>(null);
  let source: RowSource | null = null;
  let filter: HistoryFilter = {};
  let range = { first: 0, last: 0 };

  let retry: ReturnType<typeof setTimeout> | undefined;

  async function read(from: RowSource, request: WindowRead, keep: number[]): Promise<void> {
    const result = await from.rows({ filter, offset: request.offset, limit: request.limit });
    if (from !== source) return; // another source's answer
    if (!result.ok) {
      cache.failed(request);
      if (TRANSIENT.has(result.error.code)) {
        clearTimeout(retry);
        retry = setTimeout(() => need(range.first, range.last), RETRY_MS);
      } else if (request.generation === cache.generation) {
        error.value = result.error;
      }
      return;
    }
    if (cache.accept(request, result.value.rows, keep)) {
      error.value = null;
      total.value = result.value.total;
      // Rows past the one after the rendered ones change nothing on screen (a row looks at the row
      // after it and those above), so the margin read after a new filter's first rows does not
      // render the table again while its totals are on their way.
      if (request.offset <= range.last + 1) version.value += 1;
    }
    need(range.first, range.last); // the next window the view still lacks
  }

  /** `margin`: rows read beyond the rendered ones (none for a new filter's first read, which goes
   *  before its summary and totals and is what the screen waits for; the margin follows its answer). */
  function need(first: number, last: number, margin = FETCH_MARGIN): void {
    range = { first, last };
    if (!source || last < first) return;
    const center = (first + last) / 2;
    const distance = (window: number) => Math.abs((window + 0.5) * cache.size - center);
    const wanted = windowsFor(Math.max(0, first - margin), last + margin, cache.size).sort((a, b) => distance(a) - distance(b));
    const room = MAX_READS_IN_FLIGHT - cache.pending;
    for (const request of cache.reads(wanted, total.value, room)) void read(source, request, wanted);
  }

  return {
    total,
    version,
    error,
    rowAt: (index) => cache.row(index),
    need,
    reset(next, nextFilter) {
      clearTimeout(retry);
      source = next;
      filter = nextFilter;
      cache.clear();
      total.value = 0;
      error.value = null;
      version.value += 1;
      // The view goes back to the top with the new filter: read the first screen at once.
      need(0, Math.max(0, range.last - range.first), 0);
    },
    refresh() {
      cache.invalidate();
      need(range.first, range.last);
    },
    setTotal(next) {
      total.value = next;
    },
  };
}
