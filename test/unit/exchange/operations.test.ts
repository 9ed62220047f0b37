// How the reconciler recognises a money move in the transaction history.
import Decimal from '../../../preload/contract/decimal';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../main/exchange/domain';
import { matchesOperation, type PendingOperation } from '../../../main/exchange/operations';

const tx = (fields: Partial<Transaction>): Transaction => ({
  id: '1', status: 'CREATED', type: 'WITHDRAW', subtype: 'BLOCKCHAIN', createdAt: '', updatedAt: '', currency: 'BTC',
  amount: new Decimal('0.5'), fee: new Decimal('0.0005'), networkCode: undefined, address: 'addr-1', paymentId: undefined,
  hash: undefined, txId: undefined, operationId: undefined, confirmations: undefined, publicComment: undefined, ...fields,
});
const op = (fields: Partial<PendingOperation>): PendingOperation => ({
  kind: 'withdraw', currency: 'BTC', amount: '0.5', destination: 'addr-1', sentAtMs: 0, settleByMs: 0, ...fields,
});

describe('matchesOperation', () => {
  it('matches a withdrawal by currency, amount and address', () => {
    expect(matchesOperation(op({}), tx({}))).toBe(true);
    expect(matchesOperation(op({ destination: 'addr-2' }), tx({}))).toBe(false);
    expect(matchesOperation(op({ currency: 'ETH' }), tx({}))).toBe(false);
    expect(matchesOperation(op({ amount: '0.50000001' }), tx({}))).toBe(false);
    expect(matchesOperation(op({ amount: '0.50' }), tx({}))).toBe(true);
  });

  it('matches a withdrawal with the fee included (recorded net of the fee)', () => {
    expect(matchesOperation(op({ amount: '0.5005' }), tx({}))).toBe(true);
  });

  it('tells transfer directions and sub-account directions apart', () => {
    const toSpot = op({ kind: 'transfer', currency: 'USDT', amount: '7', destination: 'wallet>spot' });
    expect(matchesOperation(toSpot, tx({ type: 'TRANSFER', subtype: 'WALLET_TO_SPOT', currency: 'USDT', amount: new Decimal('-7') }))).toBe(true);
    expect(matchesOperation(toSpot, tx({ type: 'TRANSFER', subtype: 'SPOT_TO_WALLET', currency: 'USDT', amount: new Decimal('7') }))).toBe(false);
    const toSub = op({ kind: 'subAccountTransfer', currency: 'USDT', amount: '3', destination: 'to_sub_account:2' });
    expect(matchesOperation(toSub, tx({ type: 'WITHDRAW', subtype: 'SUB_ACCOUNT', currency: 'USDT', amount: new Decimal('3') }))).toBe(true);
    expect(matchesOperation(toSub, tx({ type: 'DEPOSIT', subtype: 'SUB_ACCOUNT', currency: 'USDT', amount: new Decimal('3') }))).toBe(false);
  });

  it('does not take an internal (off-chain) withdrawal for a blockchain one', () => {
    expect(matchesOperation(op({}), tx({ subtype: 'OFFCHAIN' }))).toBe(false);
    expect(matchesOperation(op({ kind: 'internalWithdraw', destination: 'x@y.z' }), tx({ subtype: 'OFFCHAIN' }))).toBe(true);
  });
});
