// Version 2's REST order calls over the same spot engine as version 3: place, read, list, cancel
// one and all, the v2 names in replies and errors, and the ORD right checked before the order is
// looked up (what the v2 rights probe relies on).
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type CallOptions, type Harness, type Reply } from '../sandbox/harness';

let h: Harness;
interface V2Order { id: number; clientOrderId: string; symbol: string; side: string; status: string; type: string; timeInForce: string; quantity: string; price?: string; cumQuantity: string; postOnly: boolean; createdAt: string }
interface Balance { available: string; reserved: string }

/** A v2 call signed the v2 HS256 way, its body form-encoded as v2 clients send it. */
function v2(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  return h.call(method, `/api/2${path}`, { auth: 'hs256-v2', form: true, ...options });
}

async function ok<T>(reply: Promise<Reply>): Promise<T> {
  const done = await reply;
  expect(done.status, done.text).toBe(200);
  return done.json as T;
}

async function spotUsdt(): Promise<Balance> {
  return ok<Balance>(h.call('GET', '/api/3/spot/balance/USDT'));
}

/** A buy far below the price: it rests with funds reserved. */
function restingBuy(clientOrderId: string, symbol = 'BTCUSDT'): Promise<Reply> {
  return v2('POST', '/order', { body: { clientOrderId, symbol, side: 'buy', quantity: '0.001', price: '1000' } });
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('version 2 REST orders', () => {
  it('places a limit order (type and timeInForce by default), reads it and lists it through both versions', async () => {
    const before = await spotUsdt();
    const order = await ok<V2Order>(restingBuy('v2-rest-order-1'));
    expect(order).toMatchObject({
      clientOrderId: 'v2-rest-order-1', symbol: 'BTCUSDT', side: 'buy', status: 'new', type: 'limit', timeInForce: 'GTC',
      quantity: '0.001', price: '1000', cumQuantity: '0', postOnly: false,
    });
    expect(new Decimal((await spotUsdt()).reserved).minus(before.reserved).toString()).toBe('1.0025');
    expect(await ok<V2Order>(v2('GET', '/order/v2-rest-order-1'))).toEqual(order);
    const listed = await ok<V2Order[]>(v2('GET', '/order', { query: 'symbol=BTCUSDT' }));
    expect(listed.map((o) => o.clientOrderId)).toEqual(['v2-rest-order-1']);
    expect(await ok<V2Order[]>(v2('GET', '/order', { query: 'symbol=ETHUSDT' }))).toEqual([]);
    const v3 = await ok<{ id: number; client_order_id: string }>(h.call('GET', '/api/3/spot/order/v2-rest-order-1'));
    expect(v3.id).toBe(order.id);
    await ok(v2('DELETE', '/order/v2-rest-order-1'));
  });

  it('fills a marketable order at once and reads strictValidate, postOnly and timeInForce by their v2 names', async () => {
    const filled = await ok<V2Order>(v2('POST', '/order', { body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', timeInForce: 'FOK', quantity: '0.001' } }));
    expect(filled).toMatchObject({ status: 'filled', type: 'market', timeInForce: 'FOK', cumQuantity: '0.001' });
    expect(filled.clientOrderId).toMatch(/^[0-9a-f]{32}$/);
    const postOnly = await ok<V2Order>(v2('POST', '/order', { body: { symbol: 'ETHUSDT', side: 'buy', quantity: '0.01', price: '1000000', postOnly: 'true' } }));
    expect(postOnly).toMatchObject({ status: 'expired', postOnly: true });
  });

  it('cancels one order, releasing its funds; a second cancel or read finds no order (20002)', async () => {
    const before = await spotUsdt();
    await ok(restingBuy('v2-cancel-one'));
    const canceled = await ok<V2Order>(v2('DELETE', '/order/v2-cancel-one'));
    expect(canceled).toMatchObject({ clientOrderId: 'v2-cancel-one', status: 'canceled' });
    expect(await spotUsdt()).toEqual(before);
    for (const reply of [await v2('DELETE', '/order/v2-cancel-one'), await v2('GET', '/order/v2-cancel-one'), await v2('DELETE', '/order/no-such-order-here')]) {
      expect([reply.status, errorCode(reply)], reply.text).toEqual([400, 20002]);
    }
  });

  it('cancels all active orders, or those of one symbol', async () => {
    await ok(restingBuy('v2-all-btc-1'));
    await ok(restingBuy('v2-all-btc-2'));
    await ok(v2('POST', '/order', { body: { clientOrderId: 'v2-all-eth-1', symbol: 'ETHUSDT', side: 'buy', quantity: '0.01', price: '10' } }));
    const btc = await ok<V2Order[]>(v2('DELETE', '/order', { query: 'symbol=BTCUSDT' }));
    expect(btc.map((o) => [o.clientOrderId, o.status]).sort()).toEqual([['v2-all-btc-1', 'canceled'], ['v2-all-btc-2', 'canceled']]);
    expect((await ok<V2Order[]>(v2('GET', '/order'))).map((o) => o.clientOrderId)).toEqual(['v2-all-eth-1']);
    const rest = await ok<V2Order[]>(v2('DELETE', '/order'));
    expect(rest.map((o) => o.clientOrderId)).toEqual(['v2-all-eth-1']);
    expect(await ok<V2Order[]>(v2('GET', '/order'))).toEqual([]);
  });

  it('refuses bad orders naming the version 2 parameter', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ symbol: 'NOPE', side: 'buy', quantity: '1', price: '1' }, 2001, 'NOPE'],
      [{ symbol: 'BTCUSDT', side: 'buy', price: '1000' }, 10001, 'quantity'],
      [{ symbol: 'BTCUSDT', quantity: '0.001', price: '1000' }, 10001, 'side'],
      [{ symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000', clientOrderId: 'short' }, 10001, 'clientOrderId'],
      [{ symbol: 'BTCUSDT', side: 'buy', quantity: '0.0000001', price: '1000', strictValidate: 'true' }, 10001, 'quantity'],
      [{ symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', type: 'stopLimit', price: '1000' }, 10001, 'stopPrice'],
      [{ symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000', timeInForce: 'GTD' }, 10001, 'expireTime'],
      [{ symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000', timeInForce: 'Never' }, 10001, 'timeInForce'],
    ];
    for (const [body, code, named] of cases) {
      const reply = await v2('POST', '/order', { body });
      expect([reply.status, errorCode(reply)], JSON.stringify(body)).toEqual([400, code]);
      expect(errorDescription(reply), JSON.stringify(body)).toMatch(new RegExp(`^${named}\\b`));
    }
    expect(await ok<V2Order[]>(v2('GET', '/order'))).toEqual([]);
  });

  it('needs ORD on every order call, checked before the order is looked up; an ORD-only key may trade', async () => {
    for (const label of ['pay-only', 'hist-only', 'no-rights']) {
      const key = h.key(label);
      for (const [method, path] of [['DELETE', '/order/no-such-order-here'], ['GET', '/order'], ['GET', '/order/no-such-order-here'], ['DELETE', '/order'], ['POST', '/order']] as const) {
        const reply = await v2(method, path, { key, body: method === 'POST' ? { symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000' } : undefined });
        expect([reply.status, errorCode(reply)], `${label} ${method} ${path}`).toEqual([403, 1003]);
      }
    }
    expect(await ok<V2Order[]>(v2('GET', '/order'))).toEqual([]);
    const ordOnly = h.key('ord-only');
    const unknown = await v2('DELETE', '/order/no-such-order-here', { key: ordOnly });
    expect([unknown.status, errorCode(unknown)]).toEqual([400, 20002]);
    await ok(v2('POST', '/order', { key: ordOnly, body: { clientOrderId: 'v2-ord-only-1', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000' } }));
    expect(await ok<V2Order>(v2('DELETE', '/order/v2-ord-only-1', { key: ordOnly }))).toMatchObject({ status: 'canceled' });
  });
});
