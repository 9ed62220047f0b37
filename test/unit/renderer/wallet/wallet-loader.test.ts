// useWallet: the overview is read whenever the link comes up or the profile changes, the currency
// list only when the store does not hold the active profile's; balance events are applied without
// polling; the valuation currency is the saved choice, and a new one is remembered and read again.
// Nothing of one profile survives the switch to another, and a failed read is tried again on its
// own until it succeeds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrencyInfo, WalletOverview } from '../../../../preload/contract';
import { fail, ok } from '../../../../preload/contract/result';
import { useConnectionStore } from '../../../../renderer/src/modules/connection/connection-store';
import { setValuationPreference } from '../../../../renderer/src/modules/display/display-preferences';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { VALUATION_STORAGE_KEY } from '../../../../renderer/src/modules/wallet/valuation-preference';
import { useCurrencies } from '../../../../renderer/src/modules/wallet/use-currencies';
import { RETRY_AFTER_FAILURE_MS, useWallet } from '../../../../renderer/src/modules/wallet/use-wallet';
import { useWalletStore } from '../../../../renderer/src/modules/wallet/wallet-store';
import { fakeBridge, settle, withSetup, type FakeBridge } from '../fake-bridge';

const USDT: CurrencyInfo = { code: 'USDT', fullName: 'Tether', crypto: true, payinEnabled: true, payoutEnabled: true, transferEnabled: true, precision: 6, networks: [] };

const overviewFor = (profileId: string, valuationCurrency: string): WalletOverview => ({
  profileId, valuationCurrency, totalValue: '10', rates: { USDT: '1' }, unvalued: [], live: true, precision: { USDT: 6 }, asOf: '2026-11-23T09:00:00.000Z',
  balances: [{ currency: 'USDT', wallet: { available: '10', reserved: '0' }, spot: { available: '0', reserved: '0' }, total: '10', value: '10' }],
});

function walletBridge(): FakeBridge {
  return fakeBridge({
    getWalletOverview: ({ valuationCurrency }) => ok(overviewFor(useProfilesStore().activeProfileId ?? '', valuationCurrency)),
    listWalletCurrencies: () => ok([USDT]),
  });
}

const ops = (fake: FakeBridge) => fake.calls.map((call) => call.op);

afterEach(() => {
  setValuationPreference('USDT');
  vi.unstubAllGlobals();
});

describe('useWallet', () => {
  it('reads the currency list once per profile and the overview on every change', async () => {
    const fake = walletBridge();
    withSetup(fake.bridge, () => useWallet(), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    expect(ops(fake).sort()).toEqual(['getWalletOverview', 'listWalletCurrencies']);
    useConnectionStore().setTransport({ kind: 'reconnecting', attempt: 1 });
    await settle();
    useConnectionStore().setTransport({ kind: 'ready' });
    await settle();
    expect(ops(fake).slice(2)).toEqual(['getWalletOverview']);
    useProfilesStore().setActiveProfileId('p2');
    await settle();
    expect(ops(fake).slice(3).sort()).toEqual(['getWalletOverview', 'listWalletCurrencies']);
    expect(useWalletStore().overview?.profileId).toBe('p2');
    expect(useWalletStore().loading).toBe(false);
  });

  it('reads the overview again after a link that dropped and came back between two renders, and is live again', async () => {
    const fake = walletBridge();
    withSetup(fake.bridge, () => useWallet(), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    expect(useWalletStore().live).toBe(true);
    const reads = ops(fake).filter((op) => op === 'getWalletOverview').length;
    useConnectionStore().setTransport({ kind: 'reconnecting', attempt: 1 });
    useConnectionStore().setTransport({ kind: 'ready' }); // the state is 'ready' again before anything renders
    expect(useWalletStore().live).toBe(false); // what is held came over the lost link
    await settle();
    expect(ops(fake).filter((op) => op === 'getWalletOverview')).toHaveLength(reads + 1);
    expect(useWalletStore().live).toBe(true);
  });

  it('shows why the overview could not be read, and applies balance events of its profile', async () => {
    const fake = walletBridge();
    fake.answer('getWalletOverview', () => fail('API_1002', 'Access denied'));
    withSetup(fake.bridge, () => useWallet(), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    expect(useWalletStore().loadError?.code).toBe('API_1002');
    useWalletStore().setOverview(overviewFor('p1', 'USDT'));
    fake.emit('walletBalances', { profileId: 'p1', balances: [{ currency: 'USDT', wallet: { available: '7', reserved: '3' }, spot: { available: '0', reserved: '0' }, total: '10' }] });
    fake.emit('walletLive', { profileId: 'p1', live: false, detail: 'stream closed' });
    expect(useWalletStore().overview?.balances[0]?.wallet).toEqual({ available: '7', reserved: '3' });
    expect(useWalletStore().live).toBe(false);
  });

  it('drops the last profile\'s balances the moment another is active, and its late answer too', async () => {
    const fake = walletBridge();
    withSetup(fake.bridge, () => useWallet(), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    expect(useWalletStore().overview?.profileId).toBe('p1');
    let releaseP1: () => void = () => undefined;
    fake.answer('getWalletOverview', () => new Promise((resolve) => (releaseP1 = () => resolve(ok(overviewFor('p1', 'USDT'))))));
    useConnectionStore().setTransport({ kind: 'reconnecting', attempt: 1 });
    useConnectionStore().setTransport({ kind: 'ready' }); // p1 is read again; its answer is held back
    await settle();
    fake.answer('getWalletOverview', () => fail('NETWORK', 'The service could not be reached.'));
    useProfilesStore().setActiveProfileId('p2');
    expect([useWalletStore().overview, useWalletStore().currencies]).toEqual([null, []]); // before any answer
    await settle();
    releaseP1();
    await settle();
    expect(useWalletStore().overview).toBeNull();
    expect(useWalletStore().loadError?.code).toBe('NETWORK');
    expect([useWalletStore().live, useWalletStore().fresh.state]).toEqual([false, 'empty']);
  });

  it('after a failed read keeps the balances as of their time, not live, and reads again on its own until it succeeds', async () => {
    vi.useFakeTimers();
    try {
      const fake = walletBridge();
      withSetup(fake.bridge, () => useWallet(), () => useProfilesStore().setActiveProfileId('p1'));
      await vi.advanceTimersByTimeAsync(0);
      expect(useWalletStore().live).toBe(true);
      await vi.advanceTimersByTimeAsync(RETRY_AFTER_FAILURE_MS * 2);
      const reads = () => ops(fake).filter((op) => op === 'getWalletOverview').length;
      expect(reads()).toBe(1); // no polling while live
      fake.answer('getWalletOverview', () => fail('API_503', 'The service is down for maintenance. Try again later.'));
      useConnectionStore().setTransport({ kind: 'reconnecting', attempt: 1 });
      useConnectionStore().setTransport({ kind: 'ready' });
      await vi.advanceTimersByTimeAsync(0);
      expect(useWalletStore().fresh).toMatchObject({ state: 'stale', reason: expect.stringContaining('down for maintenance') as string });
      expect(useWalletStore().overview?.totalValue).toBe('10');
      expect(useWalletStore().blockedReason).toMatch(/^Not live: reading it again failed/);
      await vi.advanceTimersByTimeAsync(RETRY_AFTER_FAILURE_MS);
      expect(reads()).toBe(3);
      fake.answer('getWalletOverview', ({ valuationCurrency }) => ok(overviewFor('p1', valuationCurrency)));
      await vi.advanceTimersByTimeAsync(RETRY_AFTER_FAILURE_MS);
      expect([useWalletStore().live, useWalletStore().blockedReason]).toEqual([true, null]);
      await vi.advanceTimersByTimeAsync(RETRY_AFTER_FAILURE_MS * 2);
      expect(reads()).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('values the wallet in the currency chosen (here or in Settings) and remembers a new one', async () => {
    const saved: Record<string, string> = {};
    vi.stubGlobal('localStorage', { getItem: (key: string) => saved[key] ?? null, setItem: (key: string, value: string) => (saved[key] = value) });
    setValuationPreference('EUR');
    const fake = walletBridge();
    const { result: wallet } = withSetup(fake.bridge, () => useWallet(), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    expect(fake.calls.find((call) => call.op === 'getWalletOverview')?.request).toEqual({ valuationCurrency: 'EUR' });
    await wallet.setValuation('BTC');
    expect(saved[VALUATION_STORAGE_KEY]).toBe('BTC');
    expect(useWalletStore().overview?.valuationCurrency).toBe('BTC');
  });
});

describe('useCurrencies', () => {
  it('reads the list only when the store does not hold the active profile\'s', async () => {
    const fake = walletBridge();
    withSetup(fake.bridge, () => useCurrencies(), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    useConnectionStore().setTransport({ kind: 'reconnecting', attempt: 1 });
    await settle();
    useConnectionStore().setTransport({ kind: 'ready' });
    await settle();
    expect(ops(fake)).toEqual(['listWalletCurrencies']);
    useProfilesStore().setActiveProfileId('p2');
    await settle();
    expect(ops(fake)).toEqual(['listWalletCurrencies', 'listWalletCurrencies']);
  });
});
