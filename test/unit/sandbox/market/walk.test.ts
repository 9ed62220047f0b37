import { describe, expect, it } from 'vitest';
import { CHUNK_MINUTES, valueAt, walkChunk } from '../../../../main/sandbox/market/latent';
import { walkOf } from '../../../../main/sandbox/market/model';
import { bucketStart, nextBucket } from '../../../../main/sandbox/market/periods';

describe('currency walk', () => {
  it('fills a chunk with exactly the values a single-minute descent finds', () => {
    const walk = walkOf('ETH');
    const chunk = 28_800; // minute 29 491 200: May 2026
    const values = walkChunk(42, walk, chunk);
    for (const i of [0, 1, 2, 3, 511, 512, 513, 1000, CHUNK_MINUTES]) {
      expect(values[i]).toBe(valueAt(42, walk, chunk * CHUNK_MINUTES + i));
    }
    const wrapped = 2 ** 26 / CHUNK_MINUTES + chunk; // past the span (year 2097) the walk repeats
    expect(walkChunk(42, walk, wrapped)[5]).toBe(valueAt(42, walk, wrapped * CHUNK_MINUTES + 5));
  });

  it('moves like a random walk: small steps per minute, wider over days, none for USDT', () => {
    const walk = walkOf('BTC');
    const base = 28_800 * CHUNK_MINUTES;
    const minuteSteps = Array.from({ length: 500 }, (_, i) => Math.abs(valueAt(7, walk, base + i + 1) - valueAt(7, walk, base + i)));
    const daySteps = Array.from({ length: 50 }, (_, i) => Math.abs(valueAt(7, walk, base + (i + 1) * 1440) - valueAt(7, walk, base + i * 1440)));
    const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(minuteSteps)).toBeGreaterThan(0);
    expect(mean(minuteSteps)).toBeLessThan(0.003);
    expect(mean(daySteps)).toBeGreaterThan(5 * mean(minuteSteps));
    expect(mean(daySteps)).toBeLessThan(0.1);
    expect(walkChunk(7, walkOf('USDT'), 28_800).every((v) => v === 0)).toBe(true);
  });
});

describe('periods', () => {
  it('cut weeks on Mondays and months on the first, in UTC', () => {
    const ms = Date.parse('2026-11-19T15:04:05Z'); // a Thursday
    expect(new Date(bucketStart('D7', ms)).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(new Date(bucketStart('1M', ms)).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(new Date(nextBucket('1M', bucketStart('1M', ms))).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(new Date(bucketStart('H4', ms)).toISOString()).toBe('2026-11-19T12:00:00.000Z');
    expect(new Date(bucketStart('M15', ms)).toISOString()).toBe('2026-11-19T15:00:00.000Z');
  });
});
