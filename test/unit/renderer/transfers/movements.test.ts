// useMovements: read per link-up, profile and currency filter (a stale answer dropped), kept live
// from movementRecorded (the active profile's and the filter's only); the full record of an opened
// row, both legs for a conversion.
import { describe, expect, it } from 'vitest';
import type { MovementQuery, MovementRecord } from '../../../../preload/contract';
import { fail, ok } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useMovementRecords, useMovements } from '../../../../renderer/src/modules/transfers/use-movements';
import { ref } from 'vue';
import { fakeBridge, settle, withSetup } from '../fake-bridge';
import { movement } from './fixtures';

const record = (id: string): MovementRecord => ({
  ...movement(id), updatedAt: '2026-11-23T09:00:00.000Z', fee: null, networkCode: null, address: null, paymentId: null, hash: null,
  txId: null, confirmations: null, publicComment: null,
});

describe('useMovements', () => {
  it('reads the newest movements for the filter, and drops an answer for a filter already left', async () => {
    let releaseAll: () => void = () => undefined;
    const fake = fakeBridge({
      listMovements: (query: MovementQuery) =>
        query.currency === undefined
          ? new Promise((resolve) => (releaseAll = () => resolve(ok([movement('1', { currency: 'USDT' })]))))
          : ok([movement('2', { currency: 'BTC' })]),
    });
    const currency = ref<string | null>(null);
    const { result } = withSetup(fake.bridge, () => useMovements(() => currency.value), () => useProfilesStore().setActiveProfileId('p1'));
    expect(result.loading.value).toBe(true);
    currency.value = 'BTC';
    await settle();
    releaseAll();
    await settle();
    expect(fake.calls.map((call) => call.request)).toEqual([{ limit: 50 }, { currency: 'BTC', limit: 50 }]);
    expect(result.rows.value.map((row) => row.key)).toEqual(['2']);
    expect(result.loading.value).toBe(false);
  });

  it('puts live movements first and replaces changed ones, for the active profile and the filter only', async () => {
    const fake = fakeBridge({ listMovements: () => ok([movement('1')]) });
    const { result, stop } = withSetup(fake.bridge, () => useMovements(() => 'USDT'), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    fake.emit('movementRecorded', { profileId: 'p1', movement: movement('2', { createdAt: '2026-11-23T09:05:00.000Z', status: 'PENDING' }) });
    fake.emit('movementRecorded', { profileId: 'p2', movement: movement('3', { createdAt: '2026-11-23T09:06:00.000Z' }) });
    fake.emit('movementRecorded', { profileId: 'p1', movement: movement('4', { createdAt: '2026-11-23T09:07:00.000Z', currency: 'BTC' }) });
    fake.emit('movementRecorded', { profileId: 'p1', movement: movement('2', { createdAt: '2026-11-23T09:05:00.000Z', status: 'SUCCESS' }) });
    expect(result.rows.value.map((row) => [row.key, row.status])).toEqual([['2', 'SUCCESS'], ['1', 'SUCCESS']]);
    stop();
    expect(fake.listenerCount('movementRecorded')).toBe(0);
  });

  it('tells a failed read apart from an empty list', async () => {
    const fake = fakeBridge({ listMovements: () => fail('API_1002', 'Authorization failed') });
    const { result } = withSetup(fake.bridge, () => useMovements(() => null), () => useProfilesStore().setActiveProfileId('p1'));
    await settle();
    expect(result.error.value?.code).toBe('API_1002');
    expect(result.rows.value).toEqual([]);
    expect(result.loading.value).toBe(false);
  });
});

describe('useMovementRecords', () => {
  it('reads every leg of the opened row, and says when one cannot be read', async () => {
    const fake = fakeBridge({ getMovement: ({ id }) => (id === 'bad' ? fail('API_404', 'Not found') : ok(record(id))) });
    const { result } = withSetup(fake.bridge, () => useMovementRecords());
    await result.open(['11', '12']);
    const state = result.record.value;
    expect(state.state === 'ready' && state.records.map((r) => r.id)).toEqual(['11', '12']);
    await result.open(['11', 'bad']);
    expect(result.record.value).toEqual({ state: 'error', error: { code: 'API_404', message: 'Not found' } });
    result.close();
    expect(result.record.value).toEqual({ state: 'idle' });
  });
});
