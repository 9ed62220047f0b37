// Recent movements as rows: kinds in plain words, a conversion's two legs joined, newest first,
// and live updates put in place.
import { describe, expect, it } from 'vitest';
import { movementKind, movementRows, rowAmount, signedLeg, upsertMovement } from '../../../../renderer/src/modules/transfers/movement-rows';
import { movement } from './fixtures';

describe('movement rows', () => {
  it('names each kind from its type and subtype', () => {
    expect(movementKind({ type: 'TRANSFER', subtype: 'WALLET_TO_SPOT' })).toBe('Wallet → spot');
    expect(movementKind({ type: 'TRANSFER', subtype: 'SPOT_TO_WALLET' })).toBe('Spot → wallet');
    expect(movementKind({ type: 'SWAP', subtype: 'INSTANT_EXCHANGE' })).toBe('Conversion');
    expect(movementKind({ type: 'WITHDRAW', subtype: 'OFFCHAIN' })).toBe('Sent to a user');
    expect(movementKind({ type: 'DEPOSIT', subtype: 'OFFCHAIN' })).toBe('Received from a user');
    expect(movementKind({ type: 'WITHDRAW', subtype: 'SUB_ACCOUNT' })).toBe('To a sub-account');
    expect(movementKind({ type: 'DEPOSIT', subtype: 'SUB_ACCOUNT' })).toBe('From a sub-account');
    expect(movementKind({ type: 'TRANSFER', subtype: 'CHAIN_SWITCH_FROM' })).toBe('Transfer · chain switch from');
  });

  it('joins a conversion\'s two legs into one row, the paid leg first; legs of unknown direction are not guessed', () => {
    const rows = movementRows([
      movement('12', { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', currency: 'BTC', amount: '0.000998', operationId: 'op1', direction: 'in' }),
      movement('11', { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', currency: 'USDT', amount: '100', operationId: 'op1', direction: 'out' }),
      movement('9', { createdAt: '2026-11-23T08:00:00.000Z' }),
    ]);
    expect(rows.map((row) => [row.key, row.kind, row.legs.map((leg) => leg.id)])).toEqual([
      ['op:op1', 'Conversion', ['11', '12']],
      ['9', 'Wallet → spot', ['9']],
    ]);
    const unknown = movementRows([
      movement('32', { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', currency: 'BTC', operationId: 'op3' }),
      movement('31', { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', currency: 'USDT', operationId: 'op3' }),
    ]);
    expect(unknown.map((row) => row.legs.length)).toEqual([1, 1]);
  });

  it('signs each leg by its direction: a conversion reads "−paid → +received", a move between own sides unsigned', () => {
    const [conversion] = movementRows([
      movement('41', { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', currency: 'BTC', amount: '0.0004134', operationId: 'op4', direction: 'in' }),
      movement('40', { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', currency: 'USDT', amount: '25.37', operationId: 'op4', direction: 'out' }),
    ]);
    const text = (leg: { amount: string; currency: string }) => `${leg.amount} ${leg.currency}`;
    expect(conversion && rowAmount(conversion, text)).toBe('−25.37 USDT → +0.0004134 BTC');
    expect(rowAmount({ legs: [movement('5', { amount: '10' })] }, text)).toBe('10 USDT');
    expect(rowAmount({ legs: [movement('6', { type: 'WITHDRAW', subtype: 'OFFCHAIN', direction: 'out' })] }, text)).toBe('−10 USDT');
    expect(signedLeg({ amount: '-3', direction: 'out' }, '-3.00 USDT')).toBe('−3.00 USDT');
    expect(signedLeg({ amount: '3', direction: 'in' }, '3.00 USDT')).toBe('+3.00 USDT');
  });

  it('takes the paid leg from the direction the service gives, whatever the ids', () => {
    const rows = movementRows([
      movement('21', { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', currency: 'USDT', amount: '100', operationId: 'op2', direction: 'out' }),
      movement('20', { type: 'SWAP', subtype: 'INSTANT_EXCHANGE', currency: 'BTC', amount: '0.000998', operationId: 'op2', direction: 'in' }),
    ]);
    expect(rows[0]?.legs.map((leg) => leg.currency)).toEqual(['USDT', 'BTC']);
  });

  it('puts a new movement first, replaces a changed one, and keeps at most the limit', () => {
    const list = [movement('2', { createdAt: '2026-11-23T09:00:02.000Z' }), movement('1')];
    const added = upsertMovement(list, movement('3', { createdAt: '2026-11-23T09:00:03.000Z', status: 'PENDING' }), 2);
    expect(added.map((m) => m.id)).toEqual(['3', '2']);
    const changed = upsertMovement(added, movement('3', { createdAt: '2026-11-23T09:00:03.000Z', status: 'SUCCESS' }), 2);
    expect(changed.map((m) => [m.id, m.status])).toEqual([['3', 'SUCCESS'], ['2', 'SUCCESS']]);
    // The same moment: the higher id (the service numbers them) is the newer.
    expect(upsertMovement([movement('9')], movement('10'), 5).map((m) => m.id)).toEqual(['10', '9']);
    // Instants, not text: "…09:00:01.500Z" is after "…09:00:01Z", though it sorts before it as text.
    const spelled = upsertMovement([movement('2', { createdAt: '2026-11-23T09:00:01.500Z' })], movement('1', { createdAt: '2026-11-23T09:00:01Z' }), 5);
    expect(spelled.map((m) => m.id)).toEqual(['2', '1']);
  });
});
