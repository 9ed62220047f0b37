// The flows chart's buckets: day, week or month, whichever keeps the filtered range within about
// 120 buckets. SQL sums per currency, direction and day (integer arithmetic on the stored ms);
// the days are folded into weeks or months here, and every bucket of the range gets a point.
import type { HistoryFlows } from '../../../preload/contract/history';
import { FlowSums, entryOf, type OversizeRow, type PartSums } from './totals';

export const DAY_MS = 86_400_000;
const MAX_BUCKETS = 120;

export type Bucket = HistoryFlows['bucket'];

export interface DaySums extends PartSums {
  currency: string;
  direction: string;
  day: bigint;
}

export function bucketFor(oldestMs: number, newestMs: number): Bucket {
  const days = Math.floor(newestMs / DAY_MS) - Math.floor(oldestMs / DAY_MS) + 1;
  if (days <= MAX_BUCKETS) return 'day';
  if (Math.ceil(days / 7) + 1 <= MAX_BUCKETS) return 'week';
  return 'month';
}

/** The start (ms, UTC) of the bucket holding `ms`: the day, the week from Monday, or the month. */
export function bucketStart(ms: number, bucket: Bucket): number {
  const day = Math.floor(ms / DAY_MS);
  if (bucket === 'day') return day * DAY_MS;
  if (bucket === 'week') {
    // 1970-01-01 was a Thursday: days since the Monday before it, in weeks.
    return (Math.floor((day + 3) / 7) * 7 - 3) * DAY_MS;
  }
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

function nextBucket(start: number, bucket: Bucket): number {
  if (bucket === 'day') return start + DAY_MS;
  if (bucket === 'week') return start + 7 * DAY_MS;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** Every currency's in and out per bucket, from the oldest bucket to the newest (empty ones "0"). */
export function foldFlows(days: readonly DaySums[], oversize: readonly OversizeRow[], range: { oldestMs: number; newestMs: number } | null): HistoryFlows {
  if (range === null) return { bucket: 'day', series: [] };
  const bucket = bucketFor(range.oldestMs, range.newestMs);
  const byCurrency = new Map<string, Map<number, FlowSums>>();
  for (const row of days) {
    const start = bucketStart(Number(row.day) * DAY_MS, bucket);
    entryOf(entryOf(byCurrency, row.currency, () => new Map()), start, () => new FlowSums()).addParts(row.direction, row);
  }
  for (const row of oversize) {
    const start = bucketStart(row.created_ms, bucket);
    entryOf(entryOf(byCurrency, row.currency, () => new Map()), start, () => new FlowSums()).addOversize(row);
  }
  const starts: number[] = [];
  for (let at = bucketStart(range.oldestMs, bucket); at <= range.newestMs; at = nextBucket(at, bucket)) starts.push(at);
  const series = [...byCurrency.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, buckets]) => ({
      currency,
      points: starts.map((at) => {
        const sums = buckets.get(at);
        return { at: new Date(at).toISOString(), in: sums?.in.toFixed() ?? '0', out: sums?.out.toFixed() ?? '0' };
      }),
    }));
  return { bucket, series };
}
