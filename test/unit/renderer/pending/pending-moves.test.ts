// The ledger in the renderer: one subscription however many screens ask, moves of the active
// profile only, the newest unsettled move of a kind and currency, and a person's decision put
// into the store as main answers it.
import { describe, expect, it } from 'vitest';
import type { PendingMoveView } from '../../../../preload/contract';
import { fail, ok } from '../../../../preload/contract/result';
import { usePendingDecisions, useOpenMove, usePendingMove, usePendingMovesSync } from '../../../../renderer/src/modules/pending/use-pending-moves';
import { usePendingStore } from '../../../../renderer/src/modules/pending/pending-store';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { fakeBridge, settle, withSetup } from '../fake-bridge';

const move = (id: string, overrides: Partial<PendingMoveView> = {}): PendingMoveView => ({
  id, profileId: 'p1', kind: 'transfer', currency: 'USDT', amount: '1', destination: null, state: 'uncertain', txIds: [], candidates: [],
  reason: null, settledBy: null, settleBy: null, mayRunLate: false, createdAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z', ...overrides,
});

const activeP1 = () => useProfilesStore().setActiveProfileId('p1');

describe('pending moves', () => {
  it('subscribes once, however many screens ask, and follows the active profile\'s moves', async () => {
    const fake = fakeBridge({ listPendingMoves: () => ok([move('m1')]) });
    const { result: byId } = withSetup(fake.bridge, () => {
      usePendingMovesSync();
      usePendingMovesSync();
      return usePendingMove(() => 'm1');
    }, activeP1);
    await settle();
    expect(fake.calls.map((call) => call.op)).toEqual(['listPendingMoves']);
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: move('m1', { state: 'found', updatedAt: '2026-11-23T09:01:00.000Z' }) });
    expect(byId.value?.state).toBe('found');
    expect(Object.keys(usePendingStore().moves)).toEqual(['m1']);
  });

  it('picks the newest unsettled move of the kind and currency', async () => {
    const fake = fakeBridge({
      listPendingMoves: () => ok([
        move('old', { createdAt: '2026-11-23T08:00:00.000Z' }),
        move('new', { createdAt: '2026-11-23T09:30:00.000Z', state: 'ambiguous' }),
        move('settled', { createdAt: '2026-11-23T10:00:00.000Z', state: 'found' }),
        move('btc', { createdAt: '2026-11-23T10:00:00.000Z', currency: 'BTC' }),
        move('withdraw', { createdAt: '2026-11-23T10:00:00.000Z', kind: 'withdraw' }),
      ]),
    });
    const { result: open } = withSetup(fake.bridge, () => useOpenMove('transfer', () => 'USDT'), activeP1);
    await settle();
    expect(open.value?.id).toBe('new');
  });

  it('puts a person\'s decision into the store when main accepts it, and returns a refusal as data', async () => {
    const fake = fakeBridge({
      listPendingMoves: () => ok([move('m1', { state: 'ambiguous' })]),
      linkPendingMove: ({ moveId, txId }) => ok(move(moveId, { state: 'found', txIds: [txId], settledBy: 'person', updatedAt: '2026-11-23T09:05:00.000Z' })),
      dismissPendingMove: () => fail('NOT_AMBIGUOUS', 'This move is already settled'),
    });
    const { result: decisions } = withSetup(fake.bridge, () => {
      usePendingMovesSync();
      return usePendingDecisions();
    }, activeP1);
    await settle();
    const refused = await decisions.dismiss('m1');
    expect(refused).toEqual({ ok: false, error: { code: 'NOT_AMBIGUOUS', message: 'This move is already settled' } });
    expect(usePendingStore().moves.m1?.state).toBe('ambiguous');
    const linked = await decisions.link('m1', 'tx7');
    expect(linked.ok).toBe(true);
    expect(usePendingStore().moves.m1).toMatchObject({ state: 'found', txIds: ['tx7'], settledBy: 'person' });
  });

  it('puts a person\'s word that a move not seen yet will not happen into the store', async () => {
    const fake = fakeBridge({
      listPendingMoves: () => ok([move('m2', { mayRunLate: true })]),
      abandonPendingMove: ({ moveId }) => ok(move(moveId, { state: 'absent', settledBy: 'person', mayRunLate: true, updatedAt: '2026-11-23T09:05:00.000Z' })),
    });
    const { result: decisions } = withSetup(fake.bridge, () => {
      usePendingMovesSync();
      return usePendingDecisions();
    }, activeP1);
    await settle();
    expect(await decisions.abandon('m2')).toMatchObject({ ok: true, move: { state: 'absent' } });
    expect(fake.calls.at(-1)).toEqual({ op: 'abandonPendingMove', request: { moveId: 'm2' } });
    expect(usePendingStore().moves.m2).toMatchObject({ state: 'absent', settledBy: 'person', mayRunLate: true });
  });
});
