// The hold on a scope's background start: at once without a hold; otherwise shortly after the first
// balances are read, or at the hold's end when they never are; never after the scope closed.
import { describe, expect, it } from 'vitest';
import { AFTER_FIRST_BALANCES_MS, holdUntilBalances } from '../../../main/core/session/start-hold';
import type { Timers } from '../../../main/core/timers';

/** Timers run by hand: advance(ms) fires what is due, in order. */
function manualTimers() {
  let now = 0;
  let next = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    set: (run, ms) => {
      due.set(++next, { at: now + ms, run });
      return next;
    },
    clear: (handle) => void due.delete(handle as number),
    now: () => now,
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const [handle, timer] = [...due.entries()].filter(([, one]) => one.at <= until).sort((a, b) => a[1].at - b[1].at)[0] ?? [];
      if (handle === undefined || timer === undefined) break;
      due.delete(handle);
      now = timer.at;
      timer.run();
    }
    now = until;
  };
  return { timers, advance, pending: () => due.size };
}

describe('holdUntilBalances', () => {
  it('starts at once when there is no hold', () => {
    const { timers } = manualTimers();
    let started = 0;
    const hold = holdUntilBalances(undefined, () => started++, timers);
    expect(started).toBe(1);
    expect(hold.holding()).toBe(false);
    hold.balancesRead();
    expect(started).toBe(1);
  });

  it('starts a short while after the first balances are read, once', () => {
    const { timers, advance, pending } = manualTimers();
    let started = 0;
    const hold = holdUntilBalances(5_000, () => started++, timers);
    advance(1_000);
    hold.balancesRead();
    advance(AFTER_FIRST_BALANCES_MS - 1);
    expect(started).toBe(0);
    // A second read does not push the start further away.
    hold.balancesRead();
    advance(1);
    expect(started).toBe(1);
    expect(hold.holding()).toBe(false);
    advance(10_000);
    hold.balancesRead();
    expect(started).toBe(1);
    expect(pending()).toBe(0);
  });

  it('starts at the end of the hold when no balances are read', () => {
    const { timers, advance } = manualTimers();
    let started = 0;
    const hold = holdUntilBalances(5_000, () => started++, timers);
    advance(4_999);
    expect(hold.holding()).toBe(true);
    expect(started).toBe(0);
    advance(1);
    expect(started).toBe(1);
  });

  it('never starts once cancelled', () => {
    const { timers, advance, pending } = manualTimers();
    let started = 0;
    const hold = holdUntilBalances(5_000, () => started++, timers);
    hold.balancesRead();
    hold.cancel();
    advance(10_000);
    expect(started).toBe(0);
    expect(hold.holding()).toBe(false);
    expect(pending()).toBe(0);
  });
});
