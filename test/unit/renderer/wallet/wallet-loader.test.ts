// useWallet: the overview is read whenever the link comes up or the profile changes, the currency
// list only when the store does not hold the active profile's; balance events are applied without
// polling; a new valuation currency is remembered and read again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrencyInfo, WalletOverview } from '../../../../preload/contract';
import { fail, ok } from '../../../../preload/contract/result';
import { useConnectionStore } from '../../../../renderer/src/modules/connection/connection-store';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { VALUATION_STORAGE_KEY } from '../../../../renderer/src/modules/wallet/valuation-preference';
import { useCurrencies } from '../../../../renderer/src/modules/wallet/use-currencies';
import { useWallet } from '../../../../renderer/src/modules/wallet/use-wallet';
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

afterEach(() => vi.unstubAllGlobals());

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

  it('remembers a new valuation currency and values the wallet in it', async () => {
    const saved: Record<string, string> = { [VALUATION_STORAGE_KEY]: 'EUR' };
    vi.stubGlobal('localStorage', { getItem: (key: string) => saved[key] ?? null, setItem: (key: string, value: string) => (saved[key] = value) });
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
