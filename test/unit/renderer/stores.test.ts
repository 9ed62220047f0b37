// The stores hold state only, but each guards it: what belongs to another profile is dropped
// (and what they hold is forgotten when the active profile changes), a list read for the same
// profile does not wipe what events brought, and a late event never overwrites a later state.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CurrencyInfo, PendingMoveView, Profile, WalletOverview, WithdrawalView } from '../../../preload/contract';
import { useApprovalsStore } from '../../../renderer/src/modules/approvals/approvals-store';
import { useConnectionStore } from '../../../renderer/src/modules/connection/connection-store';
import { usePendingStore } from '../../../renderer/src/modules/pending/pending-store';
import { useProfilesStore } from '../../../renderer/src/modules/profiles/profiles-store';
import { useWalletStore } from '../../../renderer/src/modules/wallet/wallet-store';

beforeEach(() => {
  setActivePinia(createPinia());
  useConnectionStore().setTransport({ kind: 'ready' });
  useProfilesStore().setActiveProfileId('p1');
});

const switchTo = (profileId: string) => useProfilesStore().setActiveProfileId(profileId);

const move = (id: string, state: PendingMoveView['state'], updatedAt: string): PendingMoveView => ({
  id, profileId: 'p1', kind: 'transfer', currency: 'USDT', amount: '1', destination: null, state, txIds: [], candidates: [],
  reason: null, settledBy: null, settleBy: null, mayRunLate: false, createdAt: '2026-11-23T09:00:00.000Z', updatedAt,
});

const withdrawal = (localId: string, state: WithdrawalView['state'], updatedAt = '2026-11-23T09:00:00.000Z'): WithdrawalView => ({
  localId, id: `tx-${localId}`, state, serviceStatus: state, currency: 'USDT', amount: '100', fee: '5', network: 'ETH',
  address: '0x52908400098527886E0F7030069857D2E4169EE7', paymentId: null, publicComment: null, preparedBy: null,
  createdAt: '2026-11-23T09:00:00.000Z', deadline: '2026-11-23T10:00:00.000Z', updatedAt,
  actions: state === 'CREATED' ? ['commit', 'rollback'] : [], error: null, moveId: null,
});

describe('pending store', () => {
  it('keeps the later state of a move, whichever arrives last', () => {
    const store = usePendingStore();
    store.setMoves('p1', [move('m1', 'uncertain', '2026-11-23T09:00:00.000Z')]);
    store.applyUpdate('p1', move('m1', 'found', '2026-11-23T09:02:00.000Z'));
    store.applyUpdate('p1', move('m1', 'uncertain', '2026-11-23T09:01:00.000Z')); // overtaken event
    expect(store.moves.m1?.state).toBe('found');
    store.setMoves('p1', [move('m2', 'sending', '2026-11-23T09:03:00.000Z')]); // same profile: m1 stays
    expect(Object.keys(store.moves).sort()).toEqual(['m1', 'm2']);
  });

  it('drops another profile\'s moves and starts afresh when the profile changes', () => {
    const store = usePendingStore();
    store.setMoves('p1', [move('m1', 'uncertain', '2026-11-23T09:00:00.000Z')]);
    store.applyUpdate('p2', move('m9', 'uncertain', '2026-11-23T09:00:00.000Z'));
    expect(store.moves.m9).toBeUndefined();
    switchTo('p2');
    expect(store.moves).toEqual({});
    store.setMoves('p1', [move('m1', 'uncertain', '2026-11-23T09:00:00.000Z')]); // a late answer for p1
    expect(store.moves).toEqual({});
    store.setMoves('p2', [move('m9', 'uncertain', '2026-11-23T09:00:00.000Z')]);
    expect(Object.keys(store.moves)).toEqual(['m9']);
  });
});

describe('approvals store', () => {
  it('merges a reload of the same profile, replaces on another, and ignores another profile\'s updates', () => {
    const store = useApprovalsStore();
    store.setLoadError('p1', { code: 'NETWORK', message: 'down' });
    store.setRows('p1', [withdrawal('a', 'CREATED'), withdrawal('b', 'CREATED')]);
    expect(store.loaded).toBe(true);
    expect(store.loadError).toBeNull();
    expect(store.waiting).toBe(2);
    store.applyUpdate('p2', withdrawal('a', 'PENDING', '2026-11-23T09:05:00.000Z'));
    expect(store.rows.find((row) => row.localId === 'a')?.state).toBe('CREATED');
    store.applyUpdate('p1', withdrawal('a', 'PENDING', '2026-11-23T09:05:00.000Z'));
    expect(store.waiting).toBe(1);
    store.setRows('p2', [withdrawal('z', 'CREATED')]); // not the active profile's
    expect(store.rows.map((row) => row.localId).sort()).toEqual(['a', 'b']);
    switchTo('p2');
    expect([store.rows, store.loaded, store.waiting]).toEqual([[], false, 0]);
    store.setRows('p2', [withdrawal('z', 'CREATED')]);
    expect(store.rows.map((row) => row.localId)).toEqual(['z']);
  });

  it('offers decisions only on rows read over the current link, with no failed read since and the stream not down', () => {
    const store = useApprovalsStore();
    const connection = useConnectionStore();
    expect(store.blockedReason).toMatch(/^Not live: nothing has been read/);
    store.setRows('p1', [withdrawal('a', 'CREATED')]);
    expect(store.blockedReason).toBeNull();
    store.setLoadError('p1', { code: 'NETWORK', message: 'The service could not be reached.' });
    expect(store.fresh.state).toBe('stale');
    expect(store.blockedReason).toContain('The service could not be reached.');
    store.setRows('p1', [withdrawal('a', 'CREATED')]);
    connection.recordStream({ profileId: 'p1', stream: 'trading', state: 'down', detail: 'closed' });
    expect(store.blockedReason).toContain('the live updates stopped');
    connection.recordStream({ profileId: 'p1', stream: 'trading', state: 'live' });
    expect(store.blockedReason).toBeNull();
    connection.setTransport({ kind: 'reconnecting', attempt: 1 });
    connection.setTransport({ kind: 'ready' });
    expect(store.blockedReason).toContain('the link to Coffer dropped'); // read over the link before
    store.setRows('p1', [withdrawal('a', 'CREATED')]);
    expect(store.blockedReason).toBeNull();
  });
});

describe('wallet store', () => {
  const overview: WalletOverview = {
    profileId: 'p1', valuationCurrency: 'USDT', totalValue: '10', rates: { USDT: '1' }, unvalued: [], live: true,
    precision: { USDT: 6 }, asOf: '2026-11-23T09:00:00.000Z',
    balances: [{ currency: 'USDT', wallet: { available: '10', reserved: '0' }, spot: { available: '0', reserved: '0' }, total: '10', value: '10' }],
  };
  const currency = (code: string, precision: number): CurrencyInfo => ({
    code, fullName: code, crypto: true, payinEnabled: true, payoutEnabled: true, transferEnabled: true, precision, networks: [],
  });
  const usdt = currency('USDT', 2);
  const btc = currency('BTC', 8);

  it('takes balance and live updates of the shown profile only', () => {
    const store = useWalletStore();
    store.setOverview(overview);
    const moved = [{ currency: 'USDT', wallet: { available: '4', reserved: '0' }, spot: { available: '6', reserved: '0' }, total: '10' }];
    store.applyBalances('p2', moved);
    expect(store.overview?.balances[0]?.wallet.available).toBe('10');
    store.applyBalances('p1', moved);
    expect(store.overview?.balances[0]?.wallet.available).toBe('4');
    store.setLive('p2', false, 'down');
    expect(store.live).toBe(true);
    store.setLive('p1', false, 'stream closed');
    expect([store.live, store.liveDetail]).toEqual([false, 'stream closed']);
    expect(store.blockedReason).toContain('the live updates stopped (stream closed)');
  });

  it('is not live after a failed read, keeps the balances as of their time, and is live again after a good read', () => {
    const store = useWalletStore();
    store.setOverview(overview);
    const readAt = store.readAt;
    store.setLoadError('p1', { code: 'SERVICE_UNAVAILABLE', message: 'The service is down for maintenance.' });
    expect(store.live).toBe(false);
    expect(store.fresh).toEqual({ state: 'stale', asOf: readAt, reason: expect.stringContaining('down for maintenance') as string });
    expect(store.overview?.totalValue).toBe('10');
    store.setOverview(overview);
    expect([store.live, store.blockedReason]).toEqual([true, null]);
  });

  it('forgets everything of the last profile when another becomes active, and drops its late answers', () => {
    const store = useWalletStore();
    store.setOverview(overview);
    store.setCurrencies('p1', [usdt]);
    switchTo('p2');
    expect([store.overview, store.currencies, store.live, store.fresh.state]).toEqual([null, [], false, 'empty']);
    store.setOverview(overview); // p1's answer arriving late
    store.setCurrencies('p1', [usdt]);
    store.setLoadError('p1', { code: 'NETWORK', message: 'late' });
    expect([store.overview, store.currencies, store.loadError]).toEqual([null, [], null]);
    store.setOverview({ ...overview, profileId: 'p2' });
    expect(store.overview?.profileId).toBe('p2');
  });

  it('knows whose currency list it holds, and prefers the overview\'s precision', () => {
    const store = useWalletStore();
    store.setCurrencies('p1', [usdt, btc]);
    expect(store.hasCurrenciesFor('p1')).toBe(true);
    expect(store.hasCurrenciesFor('p2')).toBe(false);
    store.setOverview(overview);
    expect(store.precision).toEqual({ USDT: 6, BTC: 8 });
    store.setCurrencies('p1', []);
    expect(store.hasCurrenciesFor('p1')).toBe(false);
  });
});

describe('profiles store', () => {
  const profile = (id: string, name: string): Profile => ({
    id, name, apiVersion: '3', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com', authMethod: 'HS256',
    publicKey: 'pk', hasSecret: true, builtIn: false, rights: null, sharedAccount: false, createdAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z',
  });

  it('replaces a known profile in place, adds a new one, and forgets the active one when it is removed', () => {
    const store = useProfilesStore();
    store.setProfiles([profile('a', 'Main'), profile('b', 'Backup')]);
    store.setActiveProfileId('a');
    store.upsert(profile('a', 'Main desk'));
    store.upsert(profile('c', 'Third'));
    expect(store.profiles.map((p) => p.name)).toEqual(['Main desk', 'Backup', 'Third']);
    expect(store.activeProfile?.name).toBe('Main desk');
    store.drop('b');
    expect(store.activeProfileId).toBe('a');
    store.drop('a');
    expect(store.activeProfileId).toBeNull();
    expect(store.activeProfile).toBeNull();
  });
});
