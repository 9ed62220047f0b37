// The market records read at the edge: only spot symbols kept, candle fields as decimals by their
// wire names (min is low, max is high), a missing figure refused by name.
import { describe, expect, it } from 'vitest';
import { parseCandles, parseSymbols } from '../../../main/exchange/v3/records';

describe('market records', () => {
  it('keeps spot symbols (and those without a type), leaving futures out', () => {
    const symbols = parseSymbols({
      BTCUSDT: { type: 'spot', base_currency: 'BTC', quote_currency: 'USDT' },
      BTCUSDT_PERP: { type: 'futures', base_currency: 'BTC', quote_currency: 'USDT' },
      ETHBTC: { base_currency: 'ETH', quote_currency: 'BTC' },
    });
    expect(symbols).toEqual([{ id: 'BTCUSDT', base: 'BTC', quote: 'USDT' }, { id: 'ETHBTC', base: 'ETH', quote: 'BTC' }]);
  });

  it('reads min as low and max as high, exactly', () => {
    const [candle] = parseCandles([{ timestamp: '2026-01-01T00:00:00.000Z', open: '1.10', close: '1.20', min: '0.999999999999999999', max: '1.3', volume: '5', volume_quote: '6.05' }]);
    expect(candle?.low.toFixed()).toBe('0.999999999999999999');
    expect(candle?.high.toFixed()).toBe('1.3');
    expect(() => parseCandles([{ timestamp: 't', open: '1', close: '1', max: '1', volume: '1', volume_quote: '1' }])).toThrow(/min is not a decimal/);
  });
});
