// The active orders through the real core, client and sandbox: followed live from the trading
// stream (an order placed by another client appears within seconds), what each holds worked out
// exactly as the service reserves it, and cancels that free exactly that.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersSnapshot } from '../../../preload/contract/orders';
import { startHarness, unwrap, waitForEvent, type Harness } from '../transfers/harness';
import { midOf, otherClient, type OtherClient, type ServiceOrder } from './support';

let h: Harness;
let other: OtherClient;

beforeAll(async () => {
  h = await startHarness();
  other = await otherClient(h);
  // The master account trades from its spot balance: fund it from the wallet.
  await other.send('POST', '/api/3/wallet/transfer', { currency: 'USDT', amount: '20000', source: 'wallet', destination: 'spot' });
  await other.send('POST', '/api/3/wallet/transfer', { currency: 'BTC', amount: '0.5', source: 'wallet', destination: 'spot' });
});

afterAll(async () => {
  await h?.close();
});

/** A buy far below the market, so it rests. */
async function restingBuy(clientOrderId: string, quantity = '0.01', symbol = 'BTCUSDT'): Promise<ServiceOrder> {
  const price = (await midOf(other, symbol)).times('0.5').toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
  return other.send<ServiceOrder>('POST', '/api/3/spot/order', { client_order_id: clientOrderId, symbol, side: 'buy', quantity, price });
}

const liveWith = (id: string) => (p: { snapshot: OrdersSnapshot }) => p.snapshot.live && p.snapshot.orders.some((o) => o.clientOrderId === id);

describe('active orders', () => {
  it('shows an order placed by another client live within seconds, with what it holds', async () => {
    const first = unwrap(await h.desk.core.handlers.watchOrders());
    expect(first.orders).toEqual([]);
    const from = h.desk.events.length;
    const placed = await restingBuy('other-client-1');
    const { snapshot } = await waitForEvent(h.desk, 'ordersChanged', liveWith('other-client-1'), 5_000, from);
    const view = snapshot.orders.find((o) => o.clientOrderId === 'other-client-1');
    expect(view).toMatchObject({ id: String(placed.id), symbol: 'BTCUSDT', side: 'buy', status: 'new', quantity: '0.01', price: placed.price });
    // What the service reserved for it, to the last digit.
    const spot = await other.spot('USDT');
    expect(view?.reserves?.currency).toBe('USDT');
    expect(new Decimal(view?.reserves?.amount ?? '-1').equals(spot.reserved)).toBe(true);
    expect(snapshot.reservedByCurrency).toEqual([view?.reserves]);
    expect(unwrap(await h.desk.core.handlers.listOrders()).live).toBe(true);
  });

  it('cancels one order and frees exactly what it held', async () => {
    await restingBuy('other-client-2', '0.013');
    await waitForEvent(h.desk, 'ordersChanged', liveWith('other-client-2'));
    const before = await other.spot('USDT');
    const outcome = unwrap(await h.desk.core.handlers.cancelOrder({ clientOrderId: 'other-client-2' }));
    if (outcome.state !== 'canceled') throw new Error(`expected canceled, got ${outcome.state}`);
    const after = await other.spot('USDT');
    const freed = new Decimal(outcome.freed?.amount ?? '0');
    expect(freed.gt(0)).toBe(true);
    expect(before.reserved.minus(after.reserved).equals(freed)).toBe(true);
    expect(after.available.minus(before.available).equals(freed)).toBe(true);
    expect(outcome.order).toMatchObject({ clientOrderId: 'other-client-2', status: 'canceled' });
    const entries = h.desk.audit.all().filter((e) => e.action === 'cancelOrder');
    expect(entries.slice(-2).map((e) => [e.phase, e.outcome])).toEqual([['attempt', 'sent'], ['result', 'ok']]);
  });
});
