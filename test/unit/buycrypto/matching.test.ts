// Which incoming deposit delivered a completed buy order: the one under the order's operation id,
// else the one whose buy-crypto details name the order's address, currency and amount, never one
// older than the order or already given to another order.
import { describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { BuyOrderView } from '../../../preload/contract/buycrypto';
import type { Transaction } from '../../../main/exchange/domain';
import { matchDeposit, statusText } from '../../../main/core/buycrypto/orders';
import { newestFirst } from '../../../main/core/transfers/movements';

const order: BuyOrderView = {
  id: '5', providerId: '1', providerName: 'P', methodName: 'Card', source: 'EUR', target: 'BTC', network: 'BTC', pay: '100', receive: '0.0012',
  status: 'completed', statusText: '', open: false, walletAddress: 'bc1qown', checkoutUrl: null, createdAt: '2026-01-01T10:00:00Z',
  operationId: 'op-5', deposit: null,
};

function tx(id: string, extra: Partial<Transaction> = {}): Transaction {
  return {
    id, status: 'SUCCESS', type: 'DEPOSIT', subtype: 'BUY_CRYPTO', createdAt: '2026-01-01T10:05:00Z', updatedAt: '2026-01-01T10:05:00Z',
    currency: 'BTC', amount: new Decimal('0.0012'), fee: undefined, networkCode: 'BTC', address: 'bc1qown', paymentId: undefined, hash: 'h' + id,
    txId: undefined, operationId: 'other', operationType: undefined, confirmations: undefined, publicComment: undefined,
    meta: {
      providerName: 'P', orderType: 'buy', sourceCurrency: 'EUR', targetCurrency: 'BTC', walletAddress: 'bc1qown', txHash: 'h' + id,
      sourceAmount: new Decimal(100), targetAmount: new Decimal('0.0012'), status: 'completed', paymentMethodType: 'card',
    },
    ...extra,
  };
}

describe('matchDeposit', () => {
  it('takes the deposit under the order\'s own operation id first', () => {
    const deposit = matchDeposit(order, [tx('1'), tx('2', { operationId: 'op-5', meta: undefined, subtype: 'BLOCKCHAIN' })], new Set());
    expect(deposit).toMatchObject({ transactionId: '2', matchedBy: 'operationId', amount: '0.0012', hash: 'h2' });
  });

  it('else the one whose details all agree', () => {
    expect(matchDeposit(order, [tx('1')], new Set())).toMatchObject({ transactionId: '1', matchedBy: 'meta' });
  });

  it('refuses a deposit that differs in any detail, predates the order, or is taken', () => {
    const unlike = [
      tx('a', { currency: 'ETH' }),
      tx('b', { amount: new Decimal('0.0011') }),
      tx('c', { createdAt: '2026-01-01T09:59:59Z' }),
      tx('d', { subtype: 'BLOCKCHAIN' }),
      tx('e', { type: 'WITHDRAW' }),
      tx('f', { meta: undefined }),
    ];
    const other = tx('g');
    const address = tx('h');
    if (address.meta) address.meta = { ...address.meta, walletAddress: 'bc1qsomeoneelse' };
    const promised = tx('i', { amount: new Decimal('0.0013') });
    if (promised.meta) promised.meta = { ...promised.meta, targetAmount: new Decimal('0.0013') };
    expect(matchDeposit(order, [...unlike, address, promised], new Set())).toBeNull();
    expect(matchDeposit(order, [other], new Set(['g']))).toBeNull();
    expect(matchDeposit({ ...order, operationId: null }, [tx('j', { operationId: 'op-5', meta: undefined })], new Set())).toBeNull();
  });
});

describe('order words and order', () => {
  it('says each status in words, and quotes one it does not know', () => {
    expect(statusText('initial')).toBe('Waiting for payment at the provider');
    expect(statusText('in_progress')).toBe('Paid; the provider is sending the coins');
    expect(statusText('failed')).toBe('Failed at the provider: no coins were sent');
    expect(statusText('on_hold')).toBe('The provider says "on_hold"');
  });

  it('sorts newest first, then by id', () => {
    const at = (id: string, createdAt: string | null) => ({ ...order, id, createdAt });
    const sorted = [at('1', '2026-01-01T00:00:00Z'), at('10', '2026-01-02T00:00:00Z'), at('9', '2026-01-02T00:00:00Z')].sort(newestFirst);
    expect(sorted.map((o) => o.id)).toEqual(['10', '9', '1']);
  });
});
