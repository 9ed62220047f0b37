// What the sync tells the page: time left from where the first read's createdAt has got to in
// the history's span, its rate, no count (the service gives none), and notices at most four a
// second with the last state always sent. Stand-in timers.
import { describe, expect, it } from 'vitest';
import { NOTICE_INTERVAL_MS, PassProgress, Throttle } from '../../../main/core/history/sync-progress';
import type { Timers } from '../../../main/core/timers';

function fakeTimers() {
  let now = 0;
  const due: Array<{ at: number; run: () => void }> = [];
  const timers: Timers = {
    set: (run, ms) => {
      const timer = { at: now + ms, run };
      due.push(timer);
      return timer;
    },
    clear: (handle) => void due.splice(due.indexOf(handle as (typeof due)[number]), 1),
    now: () => now,
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of due.filter((t) => t.at <= now)) {
      due.splice(due.indexOf(timer), 1);
      timer.run();
    }
  };
  return { timers, advance };
}

describe('PassProgress', () => {
  it('tells the time left of a first read from its pace through the span since its first page, and the rate', () => {
    const { timers, advance } = fakeTimers();
    const progress = new PassProgress(timers.now);
    progress.begin('initial');
    progress.estimateSpan(Date.parse('2026-01-01T00:00:00Z'), Date.parse('2026-01-11T00:00:00Z'));
    expect(progress.status(0, null).secondsLeft).toBeNull();
    advance(1_000);
    progress.advance(1_000, '2026-01-01T12:00:00Z');
    // One page tells no pace.
    expect(progress.status(1_000, null).secondsLeft).toBeNull();
    advance(10_000);
    progress.advance(20_000, '2026-01-03T12:00:00Z');
    // Two days of the span in ten seconds; seven and a half days left.
    expect(progress.status(21_000, null)).toEqual({
      phase: 'initial', stored: 21_000, read: 21_000, expected: null, ratePerSecond: 1_909, secondsLeft: 38, syncedAt: null, lastError: null,
    });
    advance(3_000);
    expect(progress.status(21_000, null).secondsLeft).toBe(35);
  });

  it('after a restart, counts only its own pace: the part an earlier pass read does not make it look fast', () => {
    const { timers, advance } = fakeTimers();
    const progress = new PassProgress(timers.now);
    progress.begin('initial');
    progress.estimateSpan(Date.parse('2026-01-01T00:00:00Z'), Date.parse('2026-01-11T00:00:00Z'));
    // Resumed at day 8 of 10: the first page lands there.
    advance(500);
    progress.advance(1_000, '2026-01-08T00:00:00Z');
    advance(2_000);
    progress.advance(1_000, '2026-01-08T06:00:00Z');
    expect(progress.status(66_000, null).secondsLeft).toBeNull(); // too early to tell
    advance(4_000);
    progress.advance(1_000, '2026-01-08T12:00:00Z');
    // Half a day in six seconds; two and a half days left → 30 s (the old share-of-span rule said ~2 s).
    expect(progress.status(67_000, null)).toMatchObject({ stored: 67_000, read: 3_000, secondsLeft: 30 });
  });

  it('tells no time left while catching up, and no rate once live', () => {
    const { timers, advance } = fakeTimers();
    const progress = new PassProgress(timers.now);
    progress.begin('catchingUp');
    advance(1_000);
    progress.advance(10, '2026-01-03T12:00:00Z');
    expect(progress.status(5, '2026-01-04T00:00:00Z')).toMatchObject({ phase: 'catchingUp', secondsLeft: null, ratePerSecond: 10 });
    progress.begin('live');
    expect(progress.status(5, '2026-01-04T00:00:00Z')).toMatchObject({ phase: 'live', read: 0, ratePerSecond: 0 });
  });
});

describe('Throttle', () => {
  it('sends at most one notice per interval, the last request included, and one asked "now" at once', () => {
    const { timers, advance } = fakeTimers();
    let sent = 0;
    const throttle = new Throttle(timers, () => (sent += 1));
    throttle.request();
    throttle.request();
    throttle.request();
    expect(sent).toBe(1);
    advance(NOTICE_INTERVAL_MS - 1);
    expect(sent).toBe(1);
    advance(1);
    expect(sent).toBe(2);
    throttle.request();
    throttle.request(true);
    expect(sent).toBe(3);
    advance(NOTICE_INTERVAL_MS * 4);
    expect(sent).toBe(3);
  });
});
