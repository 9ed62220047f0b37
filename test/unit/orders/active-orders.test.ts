// The active orders as the trading stream tells them: live only between a snapshot and the stream
// going down, each report changing one order, and each trade told to whoever listens.
import { describe, expect, it } from 'vitest';
import Decimal from '../../../main/exchange/decimal';
import { ActiveOrders } from '../../../main/core/orders/active-orders';
import type { SpotOrder } from '../../../main/exchange/domain';

const order = (clientOrderId: string, status = 'new'): SpotOrder => ({
  id: clientOrderId.replace(/\D/g, '') || '1', clientOrderId, symbol: 'BTCUSDT', side: 'buy', type: 'limit', timeInForce: 'GTC', status,
  quantity: new Decimal('0.1'), quantityFilled: new Decimal(0), price: new Decimal('100'), stopPrice: undefined, priceAverage: undefined,
  postOnly: false, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('ActiveOrders', () => {
  it('is live from a snapshot until the stream goes down, then as of that moment', () => {
    let now = 1_000;
    const active = new ActiveOrders(() => now);
    expect([active.live, active.asOfMs]).toEqual([false, null]);
    active.feed({ kind: 'snapshot', orders: [order('order-1')] });
    now = 2_000;
    expect([active.live, active.asOfMs]).toEqual([true, 2_000]);
    active.feed({ kind: 'down' });
    now = 9_000;
    expect([active.live, active.asOfMs]).toEqual([false, 2_000]);
    expect(active.list().map((o) => o.clientOrderId)).toEqual(['order-1']);
  });

  it('adds, removes and replaces orders by report; a read never overrides the live stream', () => {
    const active = new ActiveOrders();
    active.feed({ kind: 'snapshot', orders: [order('order-1'), order('order-2')] });
    active.feed({ kind: 'report', reportType: 'new', order: order('order-3') });
    active.feed({ kind: 'report', reportType: 'canceled', order: order('order-1', 'canceled') });
    active.feed({ kind: 'report', reportType: 'replaced', order: order('order-4'), replaced: 'order-2' });
    active.read([order('stale-read')]);
    expect(active.list().map((o) => o.clientOrderId).sort()).toEqual(['order-3', 'order-4']);
    active.feed({ kind: 'down' });
    active.read([order('read-9')]);
    expect(active.list().map((o) => o.clientOrderId)).toEqual(['read-9']);
    expect(active.live).toBe(false);
  });

  it('tells trade listeners of each trade report only, and keeps telling others when one throws', () => {
    const active = new ActiveOrders();
    const heard: string[] = [];
    active.onTrade(() => {
      throw new Error('a faulty listener');
    });
    const stop = active.onTrade((o) => heard.push(o.clientOrderId));
    active.feed({ kind: 'report', reportType: 'new', order: order('order-1') });
    active.feed({ kind: 'report', reportType: 'trade', order: order('order-1', 'filled') });
    stop();
    active.feed({ kind: 'report', reportType: 'trade', order: order('order-2', 'filled') });
    expect(heard).toEqual(['order-1']);
    expect(active.list()).toEqual([]);
  });
});
