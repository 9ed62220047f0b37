// useSubAccounts: the list, then the totals in the chosen valuation currency, each arriving as
// an event with the progress "n of m" (the first shown at once, the rest in batches); another
// profile's events are ignored; the progress ends with the call; the subscription ends with the page.
import { afterEach, describe, expect, it } from 'vitest';
import type { SubAccountTotals } from '../../../../preload/contract';
import { fail, ok } from '../../../../preload/contract/result';
import { setValuationPreference } from '../../../../renderer/src/modules/display/display-preferences';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useSubAccountsStore } from '../../../../renderer/src/modules/subaccounts/subaccounts-store';
import { useSubAccounts } from '../../../../renderer/src/modules/subaccounts/use-subaccounts';
import { fakeBridge, settle, withSetup } from '../fake-bridge';
import { subAccount, totals } from './fixtures';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

afterEach(() => setValuationPreference('USDT'));

describe('useSubAccounts', () => {
  it('lists, then reads totals in the chosen valuation with their progress, live', async () => {
    const reading = deferred<ReturnType<typeof ok<SubAccountTotals[]>>>();
    const fake = fakeBridge({
      listSubAccounts: () => ok({ profileId: 'p1', subAccounts: [subAccount('a'), subAccount('b'), subAccount('c')], asOf: '2026-11-23T09:00:00.000Z' }),
      loadSubAccountTotals: () => reading.promise,
    });
    const { stop } = withSetup(fake.bridge, () => useSubAccounts(), () => {
      useProfilesStore().setActiveProfileId('p1');
      setValuationPreference('EUR');
    });
    await settle();
    const store = useSubAccountsStore();
    expect(fake.calls.map((call) => call.op)).toEqual(['listSubAccounts', 'loadSubAccountTotals']);
    expect(fake.calls[1]?.request).toEqual({ valuationCurrency: 'EUR' });
    expect(store.progress).toEqual({ loaded: 0, total: 3 });

    fake.emit('subAccountTotals', { profileId: 'p1', totals: totals('a', '10', '1'), loaded: 1, total: 3 });
    fake.emit('subAccountTotals', { profileId: 'p2', totals: totals('x', '99', '99'), loaded: 1, total: 1 });
    expect(store.progress).toEqual({ loaded: 1, total: 3 }); // the first at once
    fake.emit('subAccountTotals', { profileId: 'p1', totals: totals('b', '5', '0'), loaded: 2, total: 3 });
    fake.emit('subAccountTotals', { profileId: 'p1', totals: totals('c', '5', '0'), loaded: 3, total: 3 });
    expect(Object.keys(store.totals)).toEqual(['a']); // the next ones in a batch, not one redraw each
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(store.progress).toEqual({ loaded: 3, total: 3 });
    expect(Object.keys(store.totals)).toEqual(['a', 'b', 'c']);

    reading.resolve(ok([totals('a', '10', '1'), totals('b', null, null, { error: 'Timed out (code 504)' }), totals('c', '5', '0')]));
    await settle();
    expect(store.progress).toBeNull();
    expect(store.totals.b?.error).toBe('Timed out (code 504)');
    stop();
    expect(fake.listenerCount('subAccountTotals')).toBe(0);
  });

  it('shows a failed listing and reads no totals', async () => {
    const fake = fakeBridge({ listSubAccounts: () => fail('API_503', 'Service unavailable') });
    withSetup(fake.bridge, () => useSubAccounts(), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    expect(useSubAccountsStore().listError?.code).toBe('API_503');
    expect(fake.calls.map((call) => call.op)).toEqual(['listSubAccounts']);
  });

  it('forgets the last profile\'s accounts on a switch; a failed read after a good one keeps them as of then, with actions off', async () => {
    const fake = fakeBridge({
      listSubAccounts: () => ok({ profileId: useProfilesStore().activeProfileId ?? '', subAccounts: [subAccount('a')], asOf: '2026-11-23T09:00:00.000Z' }),
      loadSubAccountTotals: () => ok([totals('a', '10', '1')]),
    });
    const { result: loader } = withSetup(fake.bridge, () => useSubAccounts(), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    const store = useSubAccountsStore();
    expect([store.rows.length, store.blockedReason]).toEqual([1, null]);
    fake.answer('listSubAccounts', () => fail('NETWORK', 'The service could not be reached.'));
    await loader.load();
    expect(store.rows.map((row) => row.id)).toEqual(['a']);
    expect(store.fresh.state).toBe('stale');
    expect(store.blockedReason).toContain('The service could not be reached.');
    useProfilesStore().setActiveProfileId('p2');
    expect([store.rows, store.totals, store.listFor, store.fresh.state]).toEqual([[], {}, null, 'empty']);
    await settle();
    expect([store.rows, store.listError?.code]).toEqual([[], 'NETWORK']);
  });
});
