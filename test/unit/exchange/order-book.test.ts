import { describe, expect, it } from 'vitest';
import { OrderBook } from '../../../main/exchange/stream/order-book';

describe('OrderBook', () => {
  it('applies a snapshot, then updates in sequence; zero quantity removes a level', () => {
    const book = new OrderBook('BTCUSDT');
    expect(book.applyUpdate({ s: 1, t: 1, a: [], b: [] })).toBe('awaiting-snapshot');
    book.applySnapshot({ s: 10, t: 100, a: [['101.5', '1'], ['101', '2']], b: [['100', '3'], ['99.5', '4']] });
    expect(book.applyUpdate({ s: 11, t: 101, a: [['101', '0'], ['102', '5']], b: [['100.25', '0.1']] })).toBe('applied');
    const view = book.view();
    expect(view.asks.map(([price, qty]) => [price.toFixed(), qty.toFixed()])).toEqual([['101.5', '1'], ['102', '5']]);
    expect(view.bids.map(([price]) => price.toFixed())).toEqual(['100.25', '100', '99.5']);
    expect(view.sequence).toBe(11);
  });

  it('ignores stale updates and reports a gap, after which it waits for a snapshot', () => {
    const book = new OrderBook('BTCUSDT');
    book.applySnapshot({ s: 5, t: 1, a: [['2', '1']], b: [['1', '1']] });
    expect(book.applyUpdate({ s: 5, t: 2, a: [['2', '9']], b: [] })).toBe('stale');
    expect(book.applyUpdate({ s: 7, t: 3, a: [], b: [] })).toBe('gap');
    expect(book.synced).toBe(false);
    expect(book.applyUpdate({ s: 8, t: 4, a: [], b: [] })).toBe('awaiting-snapshot');
    book.applySnapshot({ s: 20, t: 5, a: [['3', '1']], b: [] });
    expect(book.view().asks[0]?.[0].toFixed()).toBe('3');
  });
});
