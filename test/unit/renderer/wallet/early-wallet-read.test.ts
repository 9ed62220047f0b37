// The wallet's early first read: the page takes it instead of asking again, but only for the
// profile and valuation it was sent for, and only once; what the streams said after its answer
// and before the page came is applied on top, what they said before it is not; a read nobody
// takes is dropped with its listeners.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MergedBalance, WalletOverview } from '../../../../preload/contract';
import { ok } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { EARLY_READ_KEPT_MS, sendEarlyWalletRead, takeEarlyWalletRead } from '../../../../renderer/src/modules/wallet/early-wallet-read';
import { useWallet } from '../../../../renderer/src/modules/wallet/use-wallet';
import { useWalletStore } from '../../../../renderer/src/modules/wallet/wallet-store';
import { fakeBridge, settle, withSetup, type FakeBridge } from '../fake-bridge';

const usdt = (available: string): MergedBalance => ({
  currency: 'USDT', wallet: { available, reserved: '0' }, spot: { available: '0', reserved: '0' }, total: available,
});

const overviewFor = (profileId: string, valuationCurrency: string, available: string): WalletOverview => ({
  profileId, valuationCurrency, totalValue: available, rates: { USDT: '1' }, unvalued: [], live: true, precision: { USDT: 6 },
  asOf: '2026-11-23T09:00:00.000Z', balances: [{ ...usdt(available), value: available }],
});

function walletBridge(answered: { available: string }): FakeBridge {
  return fakeBridge({
    getWalletOverview: ({ valuationCurrency }) => ok(overviewFor('p1', valuationCurrency, answered.available)),
    listWalletCurrencies: () => ok([]),
  });
}

const ops = (fake: FakeBridge) => fake.calls.map((call) => call.op);
const shownAvailable = () => useWalletStore().overview?.balances[0]?.wallet.available;

afterEach(() => {
  takeEarlyWalletRead('', '');
  vi.useRealTimers();
});

describe('the early wallet read', () => {
  it('is taken by the page instead of a second read, with the events since its answer applied on top', async () => {
    const fake = walletBridge({ available: '10' });
    withSetup(fake.bridge, () => undefined, () => useProfilesStore().setActiveProfileId('p1'));
    sendEarlyWalletRead(fake.bridge.api, 'p1', 'USDT');
    // Before the answer: already in it (the page would not have applied it either).
    fake.emit('walletBalances', { profileId: 'p1', balances: [usdt('1')] });
    await settle();
    fake.emit('walletLive', { profileId: 'p1', live: false, detail: 'stream closed' });
    const page = withSetup(fake.bridge, () => useWallet(), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    expect(ops(fake).sort()).toEqual(['getWalletOverview', 'listWalletCurrencies']);
    expect(shownAvailable()).toBe('10');
    expect(useWalletStore().live).toBe(false);
    // From here on the page's own listeners apply; the early read's are gone.
    expect(fake.listenerCount('walletBalances')).toBe(1);
    fake.emit('walletBalances', { profileId: 'p1', balances: [usdt('13')] });
    expect(shownAvailable()).toBe('13');
    page.stop();
  });

  it('hands over the events since its answer in the order they came', async () => {
    const fake = walletBridge({ available: '10' });
    withSetup(fake.bridge, () => undefined, () => useProfilesStore().setActiveProfileId('p1'));
    sendEarlyWalletRead(fake.bridge.api, 'p1', 'USDT');
    await settle();
    fake.emit('walletBalances', { profileId: 'p1', balances: [usdt('11')] });
    fake.emit('walletBalances', { profileId: 'p1', balances: [usdt('12')] });
    withSetup(fake.bridge, () => useWallet(), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    expect(shownAvailable()).toBe('12');
  });

  it('taken before its answer, applies nothing it heard before the answer', async () => {
    const fake = walletBridge({ available: '10' });
    let answer!: () => void;
    fake.answer('getWalletOverview', ({ valuationCurrency }) => new Promise((resolve) => {
      answer = () => resolve(ok(overviewFor('p1', valuationCurrency, '10')));
    }));
    withSetup(fake.bridge, () => undefined, () => useProfilesStore().setActiveProfileId('p1'));
    sendEarlyWalletRead(fake.bridge.api, 'p1', 'USDT');
    withSetup(fake.bridge, () => useWallet(), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    fake.emit('walletBalances', { profileId: 'p1', balances: [usdt('2')] });
    answer();
    await settle();
    expect(ops(fake).filter((op) => op === 'getWalletOverview')).toHaveLength(1);
    expect(shownAvailable()).toBe('10');
  });

  it('is not taken for another profile or valuation: the page reads for itself', async () => {
    for (const [profileId, valuation] of [['p2', 'USDT'], ['p1', 'EUR']] as const) {
      const fake = walletBridge({ available: '10' });
      withSetup(fake.bridge, () => undefined, () => useProfilesStore().setActiveProfileId('p1'));
      sendEarlyWalletRead(fake.bridge.api, profileId, valuation);
      await settle();
      withSetup(fake.bridge, () => useWallet(), () => useProfilesStore().setActiveProfileId('p1'));
      await settle();
      expect(ops(fake).filter((op) => op === 'getWalletOverview')).toHaveLength(2);
      expect(useWalletStore().overview?.valuationCurrency).toBe('USDT');
      expect(fake.listenerCount('walletBalances')).toBe(1);
    }
  });

  it('is dropped with its listeners when nobody takes it in time', async () => {
    vi.useFakeTimers();
    const fake = walletBridge({ available: '10' });
    withSetup(fake.bridge, () => undefined, () => useProfilesStore().setActiveProfileId('p1'));
    sendEarlyWalletRead(fake.bridge.api, 'p1', 'USDT');
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.listenerCount('walletBalances')).toBe(1);
    await vi.advanceTimersByTimeAsync(EARLY_READ_KEPT_MS);
    expect(fake.listenerCount('walletBalances')).toBe(0);
    expect(takeEarlyWalletRead('p1', 'USDT')).toBeNull();
  });
});
