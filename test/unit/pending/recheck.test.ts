// When a move with no deadline is looked for again: the schedule follows from the send time.
import { describe, expect, it } from 'vitest';
import { checksDue, DEFAULT_RECHECK } from '../../../main/core/pending/recheck';

const SENT = 1_000_000;
const MINUTE = 60_000;

describe('the check times of a move with no deadline', () => {
  it('start after the first pause, then the pause doubles up to its cap', () => {
    const timings = { firstMs: 1_000, maxGapMs: 4_000 };
    // Check times: +1 s, +3 s, +7 s, +11 s, +15 s ...
    expect([0, 999, 1_000, 2_999, 3_000, 6_999, 7_000, 10_999, 11_000, 15_000].map((t) => checksDue(SENT, SENT + t, timings)))
      .toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 5]);
  });

  it('by default go on every quarter of an hour, a day later and beyond', () => {
    const day = 24 * 60 * MINUTE;
    const atDay = checksDue(SENT, SENT + day, DEFAULT_RECHECK);
    expect(checksDue(SENT, SENT + day + 15 * MINUTE, DEFAULT_RECHECK)).toBe(atDay + 1);
    expect(checksDue(SENT, SENT + 2 * day, DEFAULT_RECHECK) - atDay).toBe(96);
    expect(checksDue(SENT, SENT + 29_999, DEFAULT_RECHECK)).toBe(0);
  });
});
