// What an order holds, worked out as the service reserves it: a buy's notional plus the fee
// reserve at the higher rate, cut down to the quote's places; a sell's unfilled quantity.
import { describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import { feeReserveRate, reserveOf, sumByCurrency, type ReserveInput, type ReserveTerms } from '../../../main/core/orders/reserves';

const BTCUSDT: ReserveTerms = {
  base: 'BTC', quote: 'USDT', basePlaces: 8, quotePlaces: 6, takeRate: new Decimal('0.0025'), makeRate: new Decimal('0.001'),
};

const order = (over: Partial<ReserveInput>): ReserveInput => ({
  side: 'buy', quantity: new Decimal('0.01'), quantityFilled: new Decimal(0), price: new Decimal('30000.01'), stopPrice: undefined, ...over,
});

describe('reserveOf', () => {
  it('holds a buy\'s unfilled notional plus the fee reserve at the higher rate, cut down to the quote\'s places', () => {
    // 0.0123 × 30000.07 × 1.0025 = 369.9233631525 → 369.923363
    expect(reserveOf(order({ quantity: new Decimal('0.0123'), price: new Decimal('30000.07') }), BTCUSDT))
      .toEqual({ currency: 'USDT', amount: '369.923363' });
    expect(reserveOf(order({ quantity: new Decimal('0.0123'), price: new Decimal('30000.07') }), { ...BTCUSDT, makeRate: new Decimal('0.004') }))
      .toEqual({ currency: 'USDT', amount: '370.476864' });
  });

  it('counts only the unfilled part, and a stop-market buy at its stop price', () => {
    expect(reserveOf(order({ quantity: new Decimal('0.02'), quantityFilled: new Decimal('0.01') }), BTCUSDT))
      .toEqual(reserveOf(order({}), BTCUSDT));
    expect(reserveOf(order({ price: undefined, stopPrice: new Decimal('100') }), BTCUSDT)).toEqual({ currency: 'USDT', amount: '1.002500' });
    expect(reserveOf(order({ price: undefined }), BTCUSDT)).toBeNull();
  });

  it('holds a sell\'s unfilled quantity in the base currency', () => {
    expect(reserveOf(order({ side: 'sell', quantity: new Decimal('0.5'), quantityFilled: new Decimal('0.125') }), BTCUSDT))
      .toEqual({ currency: 'BTC', amount: '0.37500000' });
  });

  it('keeps the exact figure when the currency\'s places are unknown, and never a negative fee reserve', () => {
    expect(reserveOf(order({}), { ...BTCUSDT, quotePlaces: null })).toEqual({ currency: 'USDT', amount: '300.75010025' });
    expect(feeReserveRate({ takeRate: new Decimal('-0.001'), makeRate: new Decimal('-0.0002') }).toFixed()).toBe('0');
  });
});

describe('sumByCurrency', () => {
  it('adds per currency with as many places as its terms, skipping the unknown', () => {
    expect(sumByCurrency([{ currency: 'USDT', amount: '1.50' }, null, { currency: 'BTC', amount: '0.1' }, { currency: 'USDT', amount: '2.25' }]))
      .toEqual([{ currency: 'USDT', amount: '3.75' }, { currency: 'BTC', amount: '0.1' }]);
    expect(sumByCurrency([])).toEqual([]);
  });
});
