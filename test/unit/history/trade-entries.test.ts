// A spot trade as the history stores it: the legs of the shared representation (ids, types,
// directions, amounts), whose sum is exactly what the trade moved, and no legs for a trade whose
// symbol the list does not explain.
import { describe, expect, it } from 'vitest';
import Decimal from '../../../main/exchange/decimal';
import type { MarketSymbol, SpotTrade } from '../../../main/exchange/domain';
import type { HistoryEntry } from '../../../preload/contract/history';
import { TradeSymbols, tradeLegs } from '../../../main/core/history/trade-entries';

const BTCUSDT: MarketSymbol = { id: 'BTCUSDT', base: 'BTC', quote: 'USDT', feeCurrency: 'USDT' };

function trade(overrides: Partial<Omit<SpotTrade, 'quantity' | 'price' | 'fee'>> & { quantity?: string; price?: string; fee?: string } = {}): SpotTrade {
  return {
    id: '4242', orderId: '77', clientOrderId: 'cid-1', symbol: 'BTCUSDT', side: 'buy', timestamp: '2026-03-12T13:02:07.123Z', taker: true,
    ...overrides,
    quantity: new Decimal(overrides.quantity ?? '0.5'), price: new Decimal(overrides.price ?? '64000.00'), fee: new Decimal(overrides.fee ?? '80'),
  };
}

const shape = (legs: HistoryEntry[]) => legs.map((leg) => `${leg.id} ${leg.direction} ${leg.amount} ${leg.currency} ${leg.subtype} ${leg.operationType}`);

/** Σ legs per currency (in +, out −). */
function moved(legs: HistoryEntry[]): Record<string, string> {
  const sums: Record<string, Decimal> = {};
  for (const leg of legs) sums[leg.currency] = (sums[leg.currency] ?? new Decimal(0)).plus(leg.direction === 'in' ? leg.amount : `-${leg.amount}`);
  return Object.fromEntries(Object.entries(sums).map(([currency, sum]) => [currency, sum.toFixed()]));
}

describe('a spot trade as history legs', () => {
  it('a buy pays the quote notional, receives the base quantity, and pays its fee apart', () => {
    const legs = tradeLegs(trade(), BTCUSDT);
    expect(shape(legs)).toEqual([
      'trade-4242-out out 32000 USDT SPOT_BUY withdraw',
      'trade-4242-in in 0.5 BTC SPOT_BUY deposit',
      'trade-4242-fee out 80 USDT TRADE_FEE fee',
    ]);
    expect(moved(legs)).toEqual({ USDT: '-32080', BTC: '0.5' });
    for (const leg of legs) {
      expect(leg).toMatchObject({
        type: 'TRADE', status: 'SUCCESS', createdAt: '2026-03-12T13:02:07.123Z', updatedAt: '2026-03-12T13:02:07.123Z',
        operationId: 'trade-4242', txId: '4242', offchainId: 'cid-1', comment: 'buy 0.5 BTCUSDT at 64000', fee: null,
        network: null, address: null, paymentId: null, hash: null, confirmations: null, buyCrypto: null, explorerUrl: null,
      });
    }
  });

  it('a sell pays the base quantity and receives the quote notional', () => {
    const legs = tradeLegs(trade({ side: 'sell', fee: '12.5' }), BTCUSDT);
    expect(shape(legs)).toEqual([
      'trade-4242-out out 0.5 BTC SPOT_SELL withdraw',
      'trade-4242-in in 32000 USDT SPOT_SELL deposit',
      'trade-4242-fee out 12.5 USDT TRADE_FEE fee',
    ]);
    expect(moved(legs)).toEqual({ BTC: '-0.5', USDT: '31987.5' });
    expect(legs[0]?.comment).toBe('sell 0.5 BTCUSDT at 64000');
  });

  it('a maker rebate (a negative fee) is received; no fee leg at all for a zero fee', () => {
    const rebate = tradeLegs(trade({ fee: '-0.0032' }), BTCUSDT);
    expect(shape(rebate).at(-1)).toBe('trade-4242-fee in 0.0032 USDT TRADE_FEE fee');
    expect(moved(rebate)).toEqual({ USDT: '-31999.9968', BTC: '0.5' });
    expect(shape(tradeLegs(trade({ fee: '0.000' }), BTCUSDT))).toHaveLength(2);
  });

  it('multiplies the notional exactly, however many decimals', () => {
    const legs = tradeLegs(trade({ quantity: '0.123456789012345678', price: '98765.432109876543210987', fee: '0' }), { base: 'ETH', quote: 'BTC', feeCurrency: 'BTC' });
    // The product of the two as integers, with its 36 decimals put back: no rounding anywhere.
    const digits = (123456789012345678n * 98765432109876543210987n).toString().padStart(37, '0');
    const exact = `${digits.slice(0, -36)}.${digits.slice(-36)}`.replace(/0+$/, '');
    expect(legs[0]?.amount).toBe(exact);
    expect(exact.split('.')[1]).toHaveLength(36);
  });

  it('charges the fee in the symbol’s fee currency, whichever that is', () => {
    const legs = tradeLegs(trade({ fee: '0.0001' }), { base: 'BTC', quote: 'USDT', feeCurrency: 'BTC' });
    expect(moved(legs)).toEqual({ USDT: '-32000', BTC: '0.4999' });
  });

  it('gives no legs for a trade on a symbol the list does not name, nor for a fee in a currency it does not say', () => {
    const symbols = new TradeSymbols([BTCUSDT, { id: 'ETHUSDT', base: 'ETH', quote: 'USDT' }]);
    expect(symbols.legsOf(trade({ symbol: 'XYZUSDT' }))).toBeNull();
    expect(symbols.legsOf(trade({ symbol: 'ETHUSDT' }))).toBeNull();
    expect(symbols.legsOf(trade({ symbol: 'ETHUSDT', fee: '0' }))).toHaveLength(2);
    expect(symbols.legsOf(trade({ symbol: 'btcusdt' }))).toHaveLength(3);
  });
});
