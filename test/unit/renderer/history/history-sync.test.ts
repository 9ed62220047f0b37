// useHistorySync with a stand-in bridge: the status read for the active profile and followed from
// its historySyncProgress events (another profile's are ignored); historyChanged re-reads the page
// at most once a second however many arrive; "Sync now" asks main and shows what it answers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistorySyncStatus } from '../../../../preload/contract/history';
import { ok } from '../../../../preload/contract/result';
import { useHistoryStore } from '../../../../renderer/src/modules/history/history-store';
import { CHANGE_REFRESH_MS, useHistorySync } from '../../../../renderer/src/modules/history/use-history-sync';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { fakeBridge, settle, withSetup } from '../fake-bridge';

afterEach(() => vi.useRealTimers());

const status = (overrides: Partial<HistorySyncStatus>): HistorySyncStatus => ({
  phase: 'live', stored: 10, read: 0, expected: null, ratePerSecond: 0, secondsLeft: null, syncedAt: null, lastError: null, ...overrides,
});

function mount(onChanged = vi.fn()) {
  const fake = fakeBridge({
    historySyncStatus: () => ok(status({ phase: 'paused', lastError: 'The service did not answer' })),
    syncHistoryNow: () => ok(status({ phase: 'catchingUp' })),
  });
  const mounted = withSetup(fake.bridge, () => useHistorySync(onChanged), () => useProfilesStore().setActiveProfileId('p1'));
  return { fake, onChanged, sync: mounted.result, stop: mounted.stop };
}

describe('useHistorySync', () => {
  it('reads the active profile’s status, then follows its progress events only', async () => {
    const { fake } = mount();
    await settle();
    const store = useHistoryStore();
    expect(store.status?.phase).toBe('paused');
    expect(store.statusFor).toBe('p1');
    fake.emit('historySyncProgress', { profileId: 'p2', status: status({ phase: 'initial', read: 5 }) });
    expect(store.status?.phase).toBe('paused');
    fake.emit('historySyncProgress', { profileId: 'p1', status: status({ phase: 'initial', read: 500 }) });
    expect(store.status).toMatchObject({ phase: 'initial', read: 500 });
  });

  it('re-reads the page at most once a second while rows keep changing, and stops with the page', async () => {
    vi.useFakeTimers();
    const { fake, onChanged, stop } = mount();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 20; i += 1) fake.emit('historyChanged', { profileId: 'p1', count: 1_000 });
    fake.emit('historyChanged', { profileId: 'p2', count: 1 });
    expect(onChanged).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CHANGE_REFRESH_MS);
    expect(onChanged).toHaveBeenCalledTimes(2);
    stop();
    expect(fake.listenerCount('historyChanged')).toBe(0);
    expect(fake.listenerCount('historySyncProgress')).toBe(0);
  });

  it('asks main to sync now and shows its answer', async () => {
    const { fake, sync } = mount();
    await settle();
    await sync.syncNow();
    expect(fake.calls.map((call) => call.op)).toEqual(['historySyncStatus', 'syncHistoryNow']);
    expect(useHistoryStore().status?.phase).toBe('catchingUp');
  });
});
