import { describe, expect, it } from 'vitest';
import { goalLine, judge } from '../../bench/goals';

describe('bench goals', () => {
  it('judges a time against its floor by the ratio', () => {
    const result = judge({ figure: 'export', value: 6.3, unit: 's', floor: { value: 4.2, label: 'sqlite3 -csv' }, rule: { ratioAtMost: 1.5 } });
    expect(result.ratio).toBeCloseTo(1.5, 10);
    expect(result.met).toBe(true);
    expect(judge({ ...result, value: 6.4 }).met).toBe(false);
  });

  it('judges a time against a bound by the share of it reached', () => {
    const result = judge({ figure: 'sync', value: 5.4, unit: 's', floor: { value: 5, label: 'rate limit' }, rule: { shareAtLeast: 0.95 } });
    expect(result.met).toBe(false);
    expect(goalLine(result)).toBe('GOAL MISSED sync: 5.40 s, floor 5.00 s (rate limit), 92.6 % of bound; goal ≥ 95 % of bound');
  });

  it('judges an absolute limit with or without a floor', () => {
    expect(judge({ figure: 'review', value: 4_900, unit: 'ms', rule: { atMost: 5_000 } }).met).toBe(true);
    expect(goalLine(judge({ figure: 'rss', value: 301, unit: 'MiB', rule: { atMost: 300 } }))).toBe('GOAL MISSED rss: 301 MiB, no floor; goal ≤ 300 MiB');
  });

  it('refuses a ratio goal without a floor', () => {
    expect(() => judge({ figure: 'x', value: 1, unit: 's', rule: { ratioAtMost: 2 } })).toThrow('needs a floor');
  });
});
