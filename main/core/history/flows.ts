// The flows chart's buckets: day, week or month, whichever keeps the filtered range within about
// 120 buckets. The sums come per currency, direction and day (or month, for a range too long for weeks);
// the days (or months) are folded into buckets here, and every bucket of the range gets a point.
import type { HistoryFlows } from '../../../preload/contract/history';
import { DAY_MS } from './schema';
import type { PeriodSums } from './sums';
import { FlowSums, entryOf, type OversizeRow } from './totals';

const MAX_BUCKETS = 120;

export type Bucket = HistoryFlows['bucket'];

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
export function foldFlows(
  periods: readonly PeriodSums[],
  oversize: readonly OversizeRow[],
  bucket: Bucket,
  range: { oldestMs: number; newestMs: number },
): HistoryFlows {
  const byCurrency = new Map<string, Map<number, FlowSums>>();
  for (const row of periods) {
    const start = bucketStart(row.startMs, bucket);
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
