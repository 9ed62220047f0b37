// Order lists (POST /api/3/spot/order/list and spot_new_order_list) under each contingency, their
// refusals, and replacing an order (PATCH and spot_replace_order).
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type Harness, type Reply } from './harness';
import { allTrades, difference, nonZero, spotTotals, symbolInfo, tradeLegs } from './trade-legs';
import { TestSocket } from './ws-client';

let h: Harness;
interface Order { id: number; client_order_id: string; status: string; symbol: string; order_list_id?: string; contingency_type?: string; inactive?: boolean; original_client_order_id?: string; quantity: string; price?: string }
interface Balance { available: string; reserved: string }

async function list(body: Record<string, unknown>): Promise<Reply> {
  return h.call('POST', '/api/3/spot/order/list', { body });
}
async function placed(body: Record<string, unknown>): Promise<Order[]> {
  const reply = await list(body);
  expect(reply.status, reply.text).toBe(200);
  return reply.json as Order[];
}
async function spot(currency: string): Promise<Balance> {
  return (await h.call('GET', `/api/3/spot/balance/${currency}`)).json as Balance;
}
async function active(): Promise<Order[]> {
  return (await h.call('GET', '/api/3/spot/order')).json as Order[];
}
async function history(cid: string): Promise<Order | undefined> {
  return ((await h.call('GET', '/api/3/spot/history/order', { query: `client_order_id=${cid}` })).json as Order[])[0];
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('allOrNone', () => {
  it('fills every order in one go, moving exactly the trades\' legs', async () => {
    const before = await spotTotals(h);
    const since = (await allTrades(h)).length;
    const orders = await placed({
      contingency_type: 'allOrNone', order_list_id: 'aon-fill-1',
      orders: [{ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.002', time_in_force: 'FOK' }, { symbol: 'ETHUSDT', side: 'sell', type: 'market', quantity: '0.05', time_in_force: 'FOK' }],
    });
    expect(orders.map((o) => [o.client_order_id === 'aon-fill-1', o.status, o.order_list_id, o.contingency_type]))
      .toEqual([[true, 'filled', 'aon-fill-1', 'allOrNone'], [false, 'filled', 'aon-fill-1', 'allOrNone']]);
    const trades = (await allTrades(h)).slice(since);
    expect(trades).toHaveLength(2);
    expect(difference(await spotTotals(h), before)).toEqual(nonZero(tradeLegs(trades, await symbolInfo(h))));
  });

  it('expires every order when one cannot fill, moving nothing', async () => {
    const before = await spotTotals(h);
    const orders = await placed({
      contingency_type: 'allOrNone',
      orders: [{ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.002', time_in_force: 'FOK' }, { symbol: 'XRPUSDT', side: 'buy', quantity: '10', price: '0.00001', time_in_force: 'FOK' }],
    });
    expect(orders.map((o) => o.status)).toEqual(['expired', 'expired']);
    expect(await spotTotals(h)).toEqual(before);
  });

  it('refuses a wrong count, type, time in force or a repeated symbol, naming what is wrong', async () => {
    const market = (symbol: string, extra: Record<string, unknown> = {}) => ({ symbol, side: 'buy', type: 'market', quantity: '0.01', time_in_force: 'FOK', ...extra });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ contingency_type: 'allOrNone', orders: [market('BTCUSDT')] }, /allOrNone list takes 2 or 3 orders, not 1/],
      [{ contingency_type: 'allOrNone', orders: [market('BTCUSDT'), market('ETHUSDT'), market('SOLUSDT'), market('LTCUSDT')] }, /not 4/],
      [{ contingency_type: 'allOrNone', orders: [market('BTCUSDT'), market('ETHUSDT', { time_in_force: 'IOC' })] }, /orders\[1\]\.time_in_force/],
      [{ contingency_type: 'allOrNone', orders: [market('BTCUSDT'), market('ETHUSDT', { type: 'stopMarket', stop_price: '1' })] }, /orders\[1\]\.type/],
      [{ contingency_type: 'allOrNone', orders: [market('BTCUSDT'), market('BTCUSDT')] }, /different symbols/],
      [{ contingency_type: 'oneTriggerOneCancelOther', orders: [market('BTCUSDT'), market('BTCUSDT')] }, /takes 3 orders, not 2/],
      [{ contingency_type: 'oneCancelOther', orders: [market('BTCUSDT'), market('BTCUSDT')] }, /orders\[0\]\.type/],
      [{ contingency_type: 'oneCancelOther', orders: [{ symbol: 'BTCUSDT', side: 'buy', quantity: '0.01', price: '1000', time_in_force: 'IOC' }, market('BTCUSDT')] }, /orders\[0\]\.time_in_force/],
      [{ contingency_type: 'sometimes', orders: [] }, /contingency_type/],
      [{ contingency_type: 'allOrNone', orders: [market('BTCUSDT'), market('ETHUSDT', { quantity: undefined })] }, /orders\[1\]\.quantity/],
    ];
    for (const [body, description] of cases) {
      const reply = await list(body);
      expect([reply.status, errorCode(reply)], JSON.stringify(body)).toEqual([400, 10001]);
      expect(errorDescription(reply)).toMatch(description);
    }
  });
});

describe('oneCancelOther', () => {
  it('cancels the sibling when one fills, releasing exactly what the sibling reserved', async () => {
    const before = await spot('USDT');
    const since = (await allTrades(h)).length;
    const totals = await spotTotals(h);
    const orders = await placed({
      contingency_type: 'oneCancelOther',
      orders: [{ client_order_id: 'oco-rest-1', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000' }, { client_order_id: 'oco-fill-1', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000000' }],
    });
    expect(orders.map((o) => [o.client_order_id, o.status, o.contingency_type])).toEqual([['oco-rest-1', 'canceled', 'oneCancelOther'], ['oco-fill-1', 'filled', 'oneCancelOther']]);
    expect((await spot('USDT')).reserved).toBe(before.reserved);
    const trades = (await allTrades(h)).slice(since);
    expect(difference(await spotTotals(h), totals)).toEqual(nonZero(tradeLegs(trades, await symbolInfo(h))));
  });

  it('cancelling one order cancels the other and gives back both reserves', async () => {
    const before = await spot('USDT');
    await placed({
      contingency_type: 'oneCancelOther',
      orders: [{ client_order_id: 'oco-rest-2', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000' }, { client_order_id: 'oco-rest-3', symbol: 'BTCUSDT', side: 'buy', type: 'stopLimit', quantity: '0.002', price: '1000000', stop_price: '900000' }],
    });
    expect(new Decimal((await spot('USDT')).reserved).minus(before.reserved).toFixed()).toBe(new Decimal('1.0025').plus('2005').toFixed());
    expect((await h.call('DELETE', '/api/3/spot/order/oco-rest-2')).json).toMatchObject({ status: 'canceled' });
    expect(await spot('USDT')).toEqual(before);
    expect((await history('oco-rest-3'))?.status).toBe('canceled');
  });
});

describe('oneTriggerOther', () => {
  it('keeps the secondary inactive until the primary fills, and cancels it with the primary', async () => {
    const orders = await placed({
      contingency_type: 'oneTriggerOther',
      orders: [{ client_order_id: 'oto-primary-1', symbol: 'ETHUSDT', side: 'buy', quantity: '0.01', price: '10' }, { client_order_id: 'oto-second-1', symbol: 'ETHUSDT', side: 'sell', quantity: '0.01', price: '1000000' }],
    });
    expect(orders.map((o) => [o.status, o.inactive])).toEqual([['new', undefined], ['new', true]]);
    expect((await active()).find((o) => o.client_order_id === 'oto-second-1')?.inactive).toBe(true);
    await h.call('DELETE', '/api/3/spot/order/oto-primary-1');
    expect((await history('oto-second-1'))?.status).toBe('canceled');
  });

  it('activates the secondary when the primary fills at once', async () => {
    const eth = await spot('ETH');
    const orders = await placed({
      contingency_type: 'oneTriggerOther',
      orders: [{ symbol: 'ETHUSDT', side: 'buy', type: 'market', quantity: '0.01' }, { client_order_id: 'oto-second-2', symbol: 'ETHUSDT', side: 'sell', quantity: '0.01', price: '1000000' }],
    });
    expect(orders.map((o) => [o.status, o.inactive])).toEqual([['filled', undefined], ['new', undefined]]);
    expect(new Decimal((await spot('ETH')).reserved).minus(eth.reserved).toFixed()).toBe('0.01');
    await h.call('DELETE', '/api/3/spot/order/oto-second-2');
  });
});

describe('oneTriggerOneCancelOther', () => {
  it('activates the secondaries as a pair once the primary fills; cancelling one cancels the other, releasing exactly', async () => {
    const btc = await spot('BTC');
    const orders = await placed({
      contingency_type: 'oneTriggerOneCancelOther',
      orders: [
        { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.003' },
        { client_order_id: 'otoco-profit', symbol: 'BTCUSDT', side: 'sell', quantity: '0.003', price: '9000000' },
        { client_order_id: 'otoco-stop', symbol: 'BTCUSDT', side: 'sell', type: 'stopLimit', quantity: '0.003', price: '1000', stop_price: '1000' },
      ],
    });
    expect(orders.map((o) => o.status)).toEqual(['filled', 'new', 'suspended']);
    expect(new Decimal((await spot('BTC')).reserved).minus(btc.reserved).toFixed()).toBe('0.006');
    await h.call('DELETE', '/api/3/spot/order/otoco-profit');
    expect((await history('otoco-stop'))?.status).toBe('canceled');
    expect((await spot('BTC')).reserved).toBe(btc.reserved);
    const single = await list({ contingency_type: 'oneTriggerOneCancelOther', orders: [
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.001' }, { symbol: 'ETHUSDT', side: 'sell', quantity: '1', price: '900000' }, { symbol: 'BTCUSDT', side: 'sell', quantity: '1', price: '900000' },
    ] });
    expect(errorDescription(single)).toMatch(/share one symbol/);
  });
});

describe('replacing an order', () => {
  it('replaces a resting order over REST (PATCH) and the stream, moving its reserve', async () => {
    const before = await spot('USDT');
    await h.call('POST', '/api/3/spot/order', { body: { client_order_id: 'patch-me-1', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000' } });
    const patched = await h.call('PATCH', '/api/3/spot/order/patch-me-1', { body: { new_client_order_id: 'patch-me-2', quantity: '0.002', price: '2000' } });
    expect(patched.json).toMatchObject({ client_order_id: 'patch-me-2', original_client_order_id: 'patch-me-1', status: 'new', quantity: '0.002', price: '2000' });
    expect(new Decimal((await spot('USDT')).reserved).minus(before.reserved).toFixed()).toBe('4.01');
    expect((await history('patch-me-1'))?.status).toBe('canceled');
    const ws = await TestSocket.open(`${h.sandbox.wsUrl}/api/3/ws/trading`);
    try {
      await ws.loginHs256(h.key());
      const replaced = await ws.request('spot_replace_order', { client_order_id: 'patch-me-2', new_client_order_id: 'patch-me-3', quantity: '0.001', price: '1000' });
      expect(replaced.result).toMatchObject({ client_order_id: 'patch-me-3', original_client_order_id: 'patch-me-2', status: 'new' });
      const listed = await ws.request('spot_new_order_list', { contingency_type: 'oneCancelOther', orders: [
        { client_order_id: 'ws-oco-1', symbol: 'SOLUSDT', side: 'sell', quantity: '0.1', price: '100000' },
        { client_order_id: 'ws-oco-2', symbol: 'SOLUSDT', side: 'sell', type: 'stopLimit', quantity: '0.1', price: '1', stop_price: '1' },
      ] });
      expect((listed.result as Order[]).map((o) => [o.status, o.order_list_id])).toEqual([['new', 'ws-oco-1'], ['suspended', 'ws-oco-1']]);
      expect(await ws.request('spot_new_order_list', { contingency_type: 'oneCancelOther', orders: [] })).toMatchObject({ error: { code: 10001 } });
    } finally {
      ws.close();
    }
    expect((await h.call('PATCH', '/api/3/spot/order/nope-nope-1', { body: { quantity: '1', price: '1' } })).json).toMatchObject({ error: { code: 20002 } });
    expect(errorDescription(await h.call('PATCH', '/api/3/spot/order/ws-oco-1', { body: { quantity: '1', price: '1' } }))).toMatch(/order list/);
    await h.call('DELETE', '/api/3/spot/order');
    expect(await spot('USDT')).toEqual(before);
  });
});
