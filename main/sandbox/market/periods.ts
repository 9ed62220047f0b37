// Candle periods of the service and their UTC buckets. D7 weeks start on Monday; 1M is a calendar
// month. Everything is in milliseconds since the epoch.

export const PERIODS = ['M1', 'M3', 'M5', 'M15', 'M30', 'H1', 'H4', 'D1', 'D7', '1M'] as const;
export type Period = (typeof PERIODS)[number];

const MINUTE = 60_000;
const FIXED_MS = {
  M1: MINUTE, M3: 3 * MINUTE, M5: 5 * MINUTE, M15: 15 * MINUTE, M30: 30 * MINUTE,
  H1: 60 * MINUTE, H4: 240 * MINUTE, D1: 1440 * MINUTE, D7: 7 * 1440 * MINUTE,
} as const satisfies Record<Exclude<Period, '1M'>, number>;

/** 1970-01-01 was a Thursday; weeks are shifted so they start on Monday. */
const WEEK_SHIFT = 3 * 1440 * MINUTE;

export function isPeriod(value: string): value is Period {
  return (PERIODS as readonly string[]).includes(value);
}

export function bucketStart(period: Period, ms: number): number {
  if (period === '1M') {
    const d = new Date(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const size = FIXED_MS[period];
  const shift = period === 'D7' ? WEEK_SHIFT : 0;
  return Math.floor((ms + shift) / size) * size - shift;
}

export function nextBucket(period: Period, start: number): number {
  if (period === '1M') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return start + FIXED_MS[period];
}

export function previousBucket(period: Period, start: number): number {
  return bucketStart(period, start - 1);
}

export const minuteOf = (ms: number): number => Math.floor(ms / MINUTE);
export const MINUTE_MS = MINUTE;
