// Previewing and placing orders through the real core, client and sandbox: every refusal before
// anything is sent (naming its field), a limit and a market order placed once with Coffer's client
// order id, and a placement whose reply is lost settled from the service without sending again.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDraft } from '../../../preload/contract/orders';
import { failure, sentTo, startHarness, unwrap, waitForEvent, type Harness } from '../transfers/harness';
import { midOf, otherClient, type OtherClient } from './support';

const ORDER_PATH = '/api/3/spot/order';

let h: Harness;
let other: OtherClient;

beforeAll(async () => {
  h = await startHarness();
  other = await otherClient(h);
  await other.send('POST', '/api/3/wallet/transfer', { currency: 'USDT', amount: '5000', source: 'wallet', destination: 'spot' });
});

afterEach(async () => {
  await h.control('DELETE', '/sandbox/faults');
});

afterAll(async () => {
  await h?.close();
});

async function lowBuy(quantity: string): Promise<OrderDraft> {
  const price = (await midOf(other, 'BTCUSDT')).times('0.5').toDecimalPlaces(1, Decimal.ROUND_DOWN).toFixed(1);
  return { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity, price };
}

describe('previewing an order', () => {
  it('refuses off-increment, below-minimum and unknown before sending anything', async () => {
    const sent = sentTo(h.desk, ORDER_PATH, 'POST');
    const draft = await lowBuy('0.01');
    const offTick = failure(await h.desk.core.handlers.previewOrder({ ...draft, price: `${draft.price ?? ''}5` }));
    expect([offTick.field, offTick.message]).toEqual(['price', expect.stringContaining('0.1')]);
    const offStep = failure(await h.desk.core.handlers.previewOrder({ ...draft, quantity: '0.012345' }));
    expect([offStep.field, offStep.message]).toEqual(['quantity', expect.stringContaining('0.00001')]);
    const below = failure(await h.desk.core.handlers.previewOrder({ ...draft, quantity: '0.000001' }));
    expect([below.field, below.message]).toEqual(['quantity', expect.stringContaining('smallest')]);
    expect(failure(await h.desk.core.handlers.previewOrder({ ...draft, symbol: 'NOPEUSDT' })).field).toBe('symbol');
    expect(failure(await h.desk.core.handlers.placeOrder({ ...draft, quantity: '0.012345' })).field).toBe('quantity');
    expect(sentTo(h.desk, ORDER_PATH, 'POST')).toBe(sent);
  });

  it('refuses an order on a suspended symbol on the field symbol (skipped while the sandbox lists none)', async (ctx) => {
    const symbols = await other.send<Record<string, { status: string; quantity_increment: string; tick_size: string }>>('GET', '/api/3/public/symbol');
    const suspended = Object.entries(symbols).find(([, s]) => s.status === 'suspended');
    if (suspended === undefined) return ctx.skip();
    const [symbol, terms] = suspended;
    const draft: OrderDraft = { symbol, side: 'buy', type: 'limit', quantity: terms.quantity_increment, price: terms.tick_size };
    const refused = failure(await h.desk.core.handlers.previewOrder(draft));
    expect([refused.field, refused.message]).toEqual(['symbol', expect.stringContaining('suspended')]);
    expect(failure(await h.desk.core.handlers.placeOrder(draft)).field).toBe('symbol');
  });

  it('refuses a buy over the available balance once the fee reserve is counted, saying how much is available', async () => {
    const { available } = await other.spot('USDT');
    const mid = await midOf(other, 'BTCUSDT');
    const price = mid.times('0.5').toDecimalPlaces(2, Decimal.ROUND_DOWN);
    // Exactly the available balance at price × quantity, so only the fee reserve tips it over.
    const quantity = available.div(price).toDecimalPlaces(5, Decimal.ROUND_DOWN);
    const draft: OrderDraft = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: quantity.toFixed(), price: price.toFixed(2) };
    expect(quantity.times(price).lte(available)).toBe(true);
    const over = failure(await h.desk.core.handlers.previewOrder(draft));
    expect(over.field).toBe('quantity');
    expect(over.message).toContain(available.toFixed());
  });

  it('prices a limit buy: notional, fee at the taker rate, reserve, and the conversion it is compared with', async () => {
    const draft = await lowBuy('0.01');
    const preview = unwrap(await h.desk.core.handlers.previewOrder(draft));
    const notional = new Decimal(draft.price ?? '0').times('0.01');
    expect(preview.notional).toEqual({ currency: 'USDT', amount: notional.toFixed() });
    expect(new Decimal(preview.fee.amount).equals(notional.times('0.0025').toDecimalPlaces(6, Decimal.ROUND_DOWN))).toBe(true);
    expect(new Decimal(preview.reserves.amount).equals(notional.times('1.0025').toDecimalPlaces(6, Decimal.ROUND_DOWN))).toBe(true);
    expect(preview.receives).toEqual({ currency: 'BTC', amount: '0.01' });
    expect(preview.conversion?.receives.currency).toBe('BTC');
    expect(preview.advantage?.currency).toBe('BTC');
  });

  it('estimates a market order from a fresh order book', async () => {
    const preview = unwrap(await h.desk.core.handlers.previewOrder({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.001' }));
    expect(preview.priceSource.kind).toBe('book');
    const mid = await midOf(other, 'BTCUSDT');
    expect(new Decimal(preview.price).div(mid).minus(1).abs().lt('0.05')).toBe(true);
  });
});

describe('placing an order', () => {
  it('places a limit order once under Coffer\'s client order id, audited and in the ledger', async () => {
    const draft = await lowBuy('0.002');
    const placed = unwrap(await h.desk.core.handlers.placeOrder(draft));
    if (placed.state !== 'placed') throw new Error(placed.reason);
    expect(placed.order).toMatchObject({ symbol: 'BTCUSDT', side: 'buy', status: 'new', quantity: '0.002' });
    expect(new Decimal(placed.order.price ?? '0').equals(draft.price ?? 'x')).toBe(true);
    const atService = (await other.activeOrders()).filter((o) => o.client_order_id === placed.order.clientOrderId);
    expect(atService).toHaveLength(1);
    const { reserved } = await other.spot('USDT');
    expect(reserved.gte(placed.order.reserves?.amount ?? 'x')).toBe(true);
    const moves = unwrap(await h.desk.core.handlers.listPendingMoves()).filter((m) => m.kind === 'spotOrder');
    expect(moves[0]).toMatchObject({ state: 'done', txIds: [placed.order.id], destination: `BTCUSDT:buy:${placed.order.clientOrderId}` });
    const audit = h.desk.audit.all().filter((e) => e.action === 'spotOrder');
    expect(audit.map((e) => [e.phase, e.outcome])).toEqual([['attempt', 'sent'], ['result', 'ok']]);
  });

  it('settles a placement whose reply was lost from the service, never sending it again', async () => {
    await h.control('POST', '/sandbox/faults', { path: ORDER_PATH, method: 'POST', status: 504, code: 504, count: 1, after: true });
    const sent = sentTo(h.desk, ORDER_PATH, 'POST');
    const draft = await lowBuy('0.003');
    const result = unwrap(await h.desk.core.handlers.placeOrder(draft));
    if (result.state !== 'uncertain') throw new Error('expected the answer to be lost');
    const settled = await waitForEvent(h.desk, 'pendingMoveUpdated', (p) => p.move.id === result.moveId && p.move.state === 'found', 15_000);
    const clientOrderId = settled.move.destination?.split(':')[2] ?? '';
    const atService = (await other.activeOrders()).filter((o) => o.client_order_id === clientOrderId);
    expect(atService).toHaveLength(1);
    expect(settled.move.txIds).toEqual([String(atService[0]?.id)]);
    expect(sentTo(h.desk, ORDER_PATH, 'POST')).toBe(sent + 1);
    const audit = h.desk.audit.all().filter((e) => e.correlationId === result.moveId);
    expect(audit.map((e) => [e.phase, e.outcome])).toEqual([['attempt', 'sent'], ['result', 'uncertain'], ['result', 'ok']]);
  });

  it('settles a placement lost before the service handled it as absent once its window has closed', async () => {
    await h.control('POST', '/sandbox/faults', { path: ORDER_PATH, method: 'POST', status: 504, code: 504, count: 1 });
    const before = (await other.activeOrders()).length;
    const result = unwrap(await h.desk.core.handlers.placeOrder(await lowBuy('0.004')));
    if (result.state !== 'uncertain') throw new Error('expected the answer to be lost');
    const settled = await waitForEvent(h.desk, 'pendingMoveUpdated', (p) => p.move.id === result.moveId && ['found', 'absent', 'ambiguous'].includes(p.move.state), 15_000);
    expect(settled.move.state).toBe('absent');
    expect(await other.activeOrders()).toHaveLength(before);
  });

  it('places a market order, which fills at once and brings its quantity to the spot balance', async () => {
    const before = await other.spot('BTC');
    const placed = unwrap(await h.desk.core.handlers.placeOrder({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.001' }));
    if (placed.state !== 'placed') throw new Error(placed.reason);
    expect(placed.order).toMatchObject({ type: 'market', status: 'filled', quantityFilled: '0.001', reserves: null });
    expect((await other.spot('BTC')).available.minus(before.available).toFixed()).toBe('0.001');
  });
});
