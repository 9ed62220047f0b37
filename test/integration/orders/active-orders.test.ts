// The active orders through the real core, client and sandbox: followed live from the trading
// stream (an order placed by another client appears within seconds), what each holds worked out
// exactly as the service reserves it, and cancels that free exactly that.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrdersSnapshot } from '../../../preload/contract/orders';
import { failure, startHarness, unwrap, waitForEvent, type Harness } from '../transfers/harness';
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

  it('says an order that filled before the cancel arrived filled, and an unknown one gone, never an error', async () => {
    const price = (await midOf(other, 'BTCUSDT')).times('1.05').toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2);
    const filled = await other.send<ServiceOrder>('POST', '/api/3/spot/order', { client_order_id: 'filled-first', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price });
    expect(filled.status).toBe('filled');
    const outcome = unwrap(await h.desk.core.handlers.cancelOrder({ clientOrderId: 'filled-first' }));
    expect(outcome).toMatchObject({ state: 'filled', order: { clientOrderId: 'filled-first', status: 'filled', quantityFilled: '0.001' } });
    expect(unwrap(await h.desk.core.handlers.cancelOrder({ clientOrderId: 'never-was-1' }))).toEqual({ state: 'gone', clientOrderId: 'never-was-1' });
    // Cancelled by another client meanwhile: gone from the active orders, and no fill.
    await restingBuy('other-cancels');
    await waitForEvent(h.desk, 'ordersChanged', liveWith('other-cancels'));
    await other.send('DELETE', '/api/3/spot/order/other-cancels');
    expect(unwrap(await h.desk.core.handlers.cancelOrder({ clientOrderId: 'other-cancels' }))).toEqual({ state: 'gone', clientOrderId: 'other-cancels' });
  });

  it('cancels one symbol\'s orders, then all, freeing exactly what they held', async () => {
    await restingBuy('btc-order-1', '0.011');
    await restingBuy('eth-order-1', '0.05', 'ETHUSDT');
    await restingBuy('eth-order-2', '0.07', 'ETHUSDT');
    await waitForEvent(h.desk, 'ordersChanged', (p) => p.snapshot.live && ['btc-order-1', 'eth-order-1', 'eth-order-2'].every((id) => p.snapshot.orders.some((o) => o.clientOrderId === id)));
    const before = await other.spot('USDT');
    const eth = unwrap(await h.desk.core.handlers.cancelOrders({ symbol: 'ethusdt' }));
    expect(eth.outcomes.map((o) => (o.state === 'canceled' ? o.order.clientOrderId : o.state)).sort()).toEqual(['eth-order-1', 'eth-order-2']);
    const middle = await other.spot('USDT');
    expect(eth.freed).toHaveLength(1);
    expect(before.reserved.minus(middle.reserved).equals(eth.freed[0]?.amount ?? 'x')).toBe(true);
    const rest = unwrap(await h.desk.core.handlers.cancelOrders({}));
    expect(rest.outcomes.map((o) => (o.state === 'canceled' ? o.order.symbol : o.state))).toContain('BTCUSDT');
    const after = await other.spot('USDT');
    expect(after.reserved.isZero()).toBe(true);
    expect(middle.reserved.equals(rest.freed[0]?.amount ?? 'x')).toBe(true);
    expect(await other.activeOrders()).toEqual([]);
    expect(failure(await h.desk.core.handlers.cancelOrders({ symbol: 'NOPEUSDT' })).field).toBe('symbol');
  });

  it('is not live while the trading stream is down, and live again with a fresh snapshot', async () => {
    const from = h.desk.events.length;
    await h.control('POST', '/sandbox/faults', { drop_websockets: true });
    const down = await waitForEvent(h.desk, 'ordersChanged', (p) => !p.snapshot.live, 5_000, from);
    expect(Number.isNaN(Date.parse(down.snapshot.asOf))).toBe(false);
    await restingBuy('while-down');
    const back = await waitForEvent(h.desk, 'ordersChanged', liveWith('while-down'), 10_000, from);
    expect(back.snapshot.live).toBe(true);
  });

  it('tells listeners of each trade the stream reports', async () => {
    const scope = await h.desk.core.scope();
    let trades = 0;
    const stop = scope.orders.onTradeReported(() => {
      trades += 1;
    });
    const price = (await midOf(other, 'BTCUSDT')).times('1.05').toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2);
    await other.send('POST', '/api/3/spot/order', { symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price });
    await vi.waitFor(() => expect(trades).toBe(1), { timeout: 5_000 });
    stop();
  });
});
