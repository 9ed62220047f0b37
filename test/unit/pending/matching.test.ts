// The reconciler's matching rules, one at a time, on hand-written history records.
import Decimal from '../../../preload/contract/decimal';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../main/exchange/domain';
import { claimKey, decide, decideDecision, historyFilter, isCandidate, orderAsTransaction } from '../../../main/core/pending/matching';
import type { PendingMove } from '../../../main/core/pending/store';

const SENT = Date.parse('2026-11-23T10:00:00.000Z');
const at = (offsetMs: number) => new Date(SENT + offsetMs).toISOString();

const tx = (fields: Partial<Transaction>): Transaction => ({
  id: '101', status: 'CREATED', type: 'WITHDRAW', subtype: 'BLOCKCHAIN', createdAt: at(500), updatedAt: at(500), currency: 'BTC',
  amount: new Decimal('0.0123'), fee: new Decimal('0.0005'), networkCode: undefined, address: 'addr-1', paymentId: undefined,
  hash: undefined, txId: undefined, operationId: undefined, operationType: undefined, confirmations: undefined, publicComment: undefined, ...fields,
});
const move = (fields: Partial<PendingMove>): PendingMove => ({
  id: 'm1', profileId: 'p', kind: 'withdraw', currency: 'BTC', amount: '0.0123', feeMode: 'added', destination: 'addr-1',
  subjectId: null, cursorId: '100', sentAtMs: SENT, settleByMs: SENT + 15_000, state: 'uncertain', txIds: [], candidates: [],
  reason: null, settledBy: null, createdAt: at(0), updatedAt: at(0), ...fields,
});
const none = new Set<string>();

describe('a candidate', () => {
  it('is the same currency, address and exact amount', () => {
    expect(isCandidate(move({}), tx({}), none)).toBe(true);
    expect(isCandidate(move({ destination: 'addr-2' }), tx({}), none)).toBe(false);
    expect(isCandidate(move({ currency: 'ETH' }), tx({}), none)).toBe(false);
    expect(isCandidate(move({ amount: '0.01230001' }), tx({}), none)).toBe(false);
    expect(isCandidate(move({ amount: '0.012300' }), tx({}), none)).toBe(true);
  });

  it('follows the fee mode actually requested: amount + fee only when the fee was included', () => {
    const net = tx({ amount: new Decimal('0.0118'), fee: new Decimal('0.0005') });
    expect(isCandidate(move({ feeMode: 'included' }), net, none)).toBe(true);
    // The case that pinned a prepare on another desk's withdrawal: fee added, so 0.0118 + 0.0005 is not 0.0123.
    expect(isCandidate(move({ feeMode: 'added' }), net, none)).toBe(false);
    expect(isCandidate(move({ feeMode: 'included' }), tx({}), none)).toBe(false);
  });

  it('appeared after the pre-send cursor, never at or before it', () => {
    expect(isCandidate(move({ cursorId: '100' }), tx({ id: '101' }), none)).toBe(true);
    expect(isCandidate(move({ cursorId: '101' }), tx({ id: '101' }), none)).toBe(false);
    expect(isCandidate(move({ cursorId: '900' }), tx({ id: '101' }), none)).toBe(false);
    expect(historyFilter(move({ cursorId: '100' }))).toMatchObject({ currencies: ['BTC'], types: ['WITHDRAW'], idFrom: '101' });
  });

  it('without a cursor, was stamped no earlier than shortly before sending', () => {
    expect(isCandidate(move({ cursorId: null }), tx({ createdAt: at(-5_000) }), none)).toBe(true);
    expect(isCandidate(move({ cursorId: null }), tx({ createdAt: at(-60_000) }), none)).toBe(false);
    expect(historyFilter(move({ cursorId: null }))).toMatchObject({ from: at(-10_000) });
  });

  it('was stamped before the signature window closed (the service refuses it after)', () => {
    expect(isCandidate(move({}), tx({ createdAt: at(15_000) }), none)).toBe(true);
    expect(isCandidate(move({}), tx({ createdAt: at(15_001) }), none)).toBe(false);
  });

  it('is not held by another move', () => {
    expect(isCandidate(move({}), tx({ id: '101' }), new Set(['101']))).toBe(false);
  });

  it('is of the same kind and direction', () => {
    expect(isCandidate(move({}), tx({ subtype: 'OFFCHAIN' }), none)).toBe(false);
    expect(isCandidate(move({ kind: 'internalWithdraw', destination: 'x@y.z' }), tx({ subtype: 'OFFCHAIN' }), none)).toBe(true);
    const toSpot = move({ kind: 'transfer', currency: 'USDT', amount: '7', destination: 'wallet>spot' });
    expect(isCandidate(toSpot, tx({ type: 'TRANSFER', subtype: 'WALLET_TO_SPOT', currency: 'USDT', amount: new Decimal('-7') }), none)).toBe(true);
    expect(isCandidate(toSpot, tx({ type: 'TRANSFER', subtype: 'SPOT_TO_WALLET', currency: 'USDT', amount: new Decimal('7') }), none)).toBe(false);
    const toSub = move({ kind: 'subAccountTransfer', currency: 'USDT', amount: '3', destination: 'to_sub_account:2' });
    expect(isCandidate(toSub, tx({ type: 'WITHDRAW', subtype: 'SUB_ACCOUNT', currency: 'USDT', amount: new Decimal('3') }), none)).toBe(true);
    expect(isCandidate(toSub, tx({ type: 'DEPOSIT', subtype: 'SUB_ACCOUNT', currency: 'USDT', amount: new Decimal('3') }), none)).toBe(false);
    const convert = move({ kind: 'convert', currency: 'USDT', amount: '5', destination: 'ETH' });
    expect(isCandidate(convert, tx({ type: 'SWAP', subtype: 'INSTANT_EXCHANGE', currency: 'USDT', amount: new Decimal('5') }), none)).toBe(true);
    expect(isCandidate(convert, tx({ type: 'WITHDRAW', currency: 'USDT', amount: new Decimal('5') }), none)).toBe(false);
  });
});

describe('a buy-crypto order', () => {
  const order = {
    id: '7', providerId: 'prov', sourceCode: 'EUR', targetCode: 'BTC', sourceAmount: new Decimal('100.05'), walletAddress: 'addr',
    checkoutUrl: undefined, status: 'initial', createdAt: at(300), operationId: undefined,
  };
  const buy = move({ kind: 'buyCryptoOrder', currency: 'EUR', amount: '100.05', destination: 'prov>BTC', cursorId: '6', feeMode: null });

  it('is matched on its provider, target, source currency and exact source amount, after the cursor', () => {
    expect(isCandidate(buy, orderAsTransaction(order, 'prov'), none)).toBe(true);
    expect(isCandidate(buy, orderAsTransaction({ ...order, targetCode: 'ETH' }, 'prov'), none)).toBe(false);
    expect(isCandidate(buy, orderAsTransaction(order, 'other'), none)).toBe(false);
    expect(isCandidate(buy, orderAsTransaction({ ...order, sourceAmount: new Decimal('100.06') }, 'prov'), none)).toBe(false);
    expect(isCandidate(buy, orderAsTransaction({ ...order, sourceAmount: undefined }, 'prov'), none)).toBe(false);
    expect(isCandidate({ ...buy, cursorId: '7' }, orderAsTransaction(order, 'prov'), none)).toBe(false);
  });

  it('is claimed apart from wallet transactions, which are numbered separately', () => {
    expect(claimKey('buyCryptoOrder', '7')).toBe('order:7');
    expect(claimKey('transfer', '7')).toBe('7');
  });
});

describe('the decision', () => {
  it('waits until the window has closed, whatever it has seen', () => {
    expect(decide(move({}), [tx({})], SENT + 14_999)).toEqual({ status: 'wait' });
  });

  it('is found for exactly one candidate, ambiguous for more, absent for none', () => {
    const now = SENT + 15_000;
    expect(decide(move({}), [tx({})], now)).toMatchObject({ status: 'found', transaction: { id: '101' } });
    expect(decide(move({}), [tx({}), tx({ id: '102' })], now)).toMatchObject({ status: 'ambiguous', candidates: [{ id: '101' }, { id: '102' }] });
    expect(decide(move({}), [], now)).toEqual({ status: 'absent' });
  });

  it('for a commit or rollback, reads the withdrawal status', () => {
    const commit = move({ kind: 'commit', subjectId: '101' });
    expect(decideDecision(commit, tx({ status: 'PENDING' }), SENT)).toMatchObject({ status: 'found' });
    expect(decideDecision(commit, tx({ status: 'CREATED' }), SENT)).toEqual({ status: 'wait' });
    expect(decideDecision(commit, tx({ status: 'CREATED' }), SENT + 15_000)).toEqual({ status: 'absent' });
    expect(decideDecision(move({ kind: 'rollback' }), tx({ status: 'ROLLED_BACK' }), SENT)).toMatchObject({ status: 'found' });
  });

  it('when other desks or scripts use the account, sends even a single candidate to a person', () => {
    const now = SENT + 15_000;
    expect(decide(move({}), [tx({})], now, true)).toMatchObject({ status: 'ambiguous', candidates: [{ id: '101' }], othersUseAccount: true });
    expect(decide(move({}), [tx({}), tx({ id: '102' })], now, true)).toMatchObject({ status: 'ambiguous', othersUseAccount: true });
    // Nothing there is still proof of nothing: the service history shows every request it ran.
    expect(decide(move({}), [], now, true)).toEqual({ status: 'absent' });
    expect(decide(move({}), [tx({})], SENT + 14_999, true)).toEqual({ status: 'wait' });
  });

  it('for a move with no deadline, settles on what appears and never on time alone', () => {
    const open = move({ settleByMs: null });
    const aDayLater = SENT + 86_400_000;
    expect(decide(open, [], aDayLater)).toEqual({ status: 'wait' });
    expect(decide(open, [tx({})], SENT + 1_000)).toMatchObject({ status: 'found', transaction: { id: '101' } });
    expect(decide(open, [tx({})], SENT + 1_000, true)).toMatchObject({ status: 'ambiguous' });
    // Stamped long after it was sent is still this move: nothing bounds when the service runs it.
    expect(isCandidate(open, tx({ createdAt: at(3_600_000) }), none)).toBe(true);
  });

  it('for a commit or rollback, is absent at once when the other decision already stands', () => {
    const commit = move({ kind: 'commit', subjectId: '101', settleByMs: null });
    expect(decideDecision(commit, tx({ status: 'ROLLED_BACK' }), SENT)).toEqual({ status: 'absent' });
    expect(decideDecision(commit, tx({ status: 'CREATED' }), SENT + 86_400_000)).toEqual({ status: 'wait' });
    expect(decideDecision(commit, tx({ status: 'SUCCESS' }), SENT)).toMatchObject({ status: 'found' });
    const rollback = move({ kind: 'rollback', subjectId: '101', settleByMs: null });
    expect(decideDecision(rollback, tx({ status: 'PENDING' }), SENT)).toEqual({ status: 'absent' });
    expect(decideDecision(rollback, tx({ status: 'CREATED' }), SENT + 86_400_000)).toEqual({ status: 'wait' });
  });
});
