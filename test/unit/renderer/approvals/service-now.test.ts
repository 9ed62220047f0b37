// useServiceNow: the countdown clock is this computer's time plus the offset main reports, and
// keeps its last estimate when the offset cannot be read.
import { effectScope } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useServiceNow } from '../../../../renderer/src/modules/approvals/use-now';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('useServiceNow', () => {
  it('ticks on the service clock and keeps the last offset when none can be read', async () => {
    const offsets: (number | null)[] = [90_000, null, -5_000];
    const scope = effectScope();
    const clock = scope.run(() => useServiceNow(async () => offsets.shift() ?? null, 1000, 60_000));
    if (!clock) throw new Error('no clock');
    await vi.advanceTimersByTimeAsync(0);
    expect(clock.now.value).toBe(Date.parse('2026-11-23T10:01:30Z'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(clock.now.value).toBe(Date.parse('2026-11-23T10:01:31Z'));
    await clock.resync(); // unreadable: the last offset stays
    expect(clock.now.value).toBe(Date.parse('2026-11-23T10:01:31Z'));
    await clock.resync();
    expect(clock.now.value).toBe(Date.parse('2026-11-23T09:59:56Z'));
    scope.stop();
    const stopped = clock.now.value;
    await vi.advanceTimersByTimeAsync(5000);
    expect(clock.now.value).toBe(stopped);
  });
});
