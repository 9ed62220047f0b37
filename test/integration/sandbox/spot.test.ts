// Spot orders over the simulator's price: fills, resting orders with reserved funds, cancels,
// refusals, and the per-symbol order-count limit.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type Harness, type Reply } from './harness';

let h: Harness;
interface Order { id: number; client_order_id: string; status: string; quantity_cumulative: string; price_average?: string; type: string; time_in_force: string }
interface Balance { available: string; reserved: string }

async function spot(currency: string): Promise<Balance> {
  return (await h.call('GET', `/api/3/spot/balance/${currency}`)).json as Balance;
}

async function place(body: Record<string, unknown>, harness = h): Promise<Reply> {
  return harness.call('POST', '/api/3/spot/order', { body });
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('spot orders', () => {
  it('fills a market buy at once, moving spot balances', async () => {
    const usdt = new Decimal((await spot('USDT')).available);
    const btc = new Decimal((await spot('BTC')).available);
    const reply = await place({ symbol: 'BTCUSDT', side: 'buy', quantity: '0.01' });
    expect(reply.status, reply.text).toBe(200);
    const order = reply.json as Order;
    expect(order).toMatchObject({ status: 'filled', type: 'market', time_in_force: 'FOK', quantity_cumulative: '0.01' });
    expect(new Decimal((await spot('BTC')).available).minus(btc).toString()).toBe('0.01');
    const spent = usdt.minus((await spot('USDT')).available);
    const expected = new Decimal(order.price_average ?? 0).times('0.01').times('1.0025');
    expect(spent.minus(expected).abs().lt('0.01')).toBe(true);
  });

  it('rests a limit order away from the price with funds reserved, lists it, and cancels it', async () => {
    const before = await spot('USDT');
    const reply = await place({ client_order_id: 'rest-order-1', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000' });
    expect(reply.json).toMatchObject({ status: 'new', type: 'limit', time_in_force: 'GTC', client_order_id: 'rest-order-1' });
    expect(new Decimal((await spot('USDT')).reserved).minus(before.reserved).toString()).toBe('1.0025');
    const active = (await h.call('GET', '/api/3/spot/order', { query: 'symbol=BTCUSDT' })).json as Order[];
    expect(active.map((o) => o.client_order_id)).toEqual(['rest-order-1']);
    expect((await h.call('GET', '/api/3/spot/order/rest-order-1')).json).toMatchObject({ status: 'new' });
    const duplicate = await place({ client_order_id: 'rest-order-1', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000' });
    expect(errorCode(duplicate)).toBe(20008);
    const canceled = await h.call('DELETE', '/api/3/spot/order/rest-order-1', { body: { client_order_id: 'rest-order-1' } });
    expect(canceled.json).toMatchObject({ status: 'canceled' });
    expect(await spot('USDT')).toEqual(before);
    const again = await h.call('DELETE', '/api/3/spot/order/rest-order-1');
    expect([again.status, errorCode(again)]).toEqual([400, 20002]);
  });

  it('expires an IOC limit that cannot fill and a marketable post-only order', async () => {
    expect((await place({ symbol: 'ETHUSDT', side: 'sell', quantity: '0.01', price: '1000000', time_in_force: 'IOC' })).json).toMatchObject({ status: 'expired' });
    expect((await place({ symbol: 'ETHUSDT', side: 'buy', quantity: '0.01', price: '1000000', post_only: true })).json).toMatchObject({ status: 'expired' });
  });

  it('refuses bad orders with the right codes', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ symbol: 'NOPE', side: 'buy', quantity: '1' }, 2001, ''],
      [{ symbol: 'BTCUSDT', side: 'buy' }, 10001, 'quantity'],
      [{ symbol: 'BTCUSDT', quantity: '1' }, 10001, 'side'],
      [{ symbol: 'BTCUSDT', side: 'buy', quantity: '0.01', type: 'market', price: '1' }, 10001, 'price'],
      [{ symbol: 'BTCUSDT', side: 'buy', quantity: '0.000001', strict_validate: true, price: '1000' }, 10001, 'quantity'],
      [{ symbol: 'BTCUSDT', side: 'buy', quantity: '0.01', type: 'stopLimit', price: '1000' }, 10001, 'stop_price'],
      [{ symbol: 'BTCUSDT', side: 'buy', quantity: '0.01', price: '1000', time_in_force: 'GTD' }, 10001, 'expire_time'],
      [{ symbol: 'BTCUSDT', side: 'buy', quantity: '0.01', client_order_id: 'short' }, 10001, 'client_order_id'],
      [{ symbol: 'BTCUSDT', side: 'buy', quantity: '1000' }, 20001, ''],
    ];
    for (const [body, code, param] of cases) {
      const reply = await place(body);
      expect([reply.status, errorCode(reply)], JSON.stringify(body)).toEqual([400, code]);
      expect(errorDescription(reply)).toContain(param);
    }
    const noRight = await h.call('POST', '/api/3/spot/order', { key: h.key('hist-only'), body: {} });
    expect(noRight.status).toBe(403);
  });

  it('keeps order and trade history', async () => {
    const trades = (await h.call('GET', '/api/3/spot/history/trade', { query: 'symbol=BTCUSDT' })).json as Record<string, unknown>[];
    expect(trades[0]).toMatchObject({ symbol: 'BTCUSDT', side: 'buy', quantity: '0.01', taker: true, fee: expect.stringMatching(/^\d+\.\d+$/) });
    expect(trades[0]?.order_id).toBe(trades[0]?.id);
    const orders = (await h.call('GET', '/api/3/spot/history/order', { query: 'symbol=BTCUSDT,ETHUSDT&sort=ASC' })).json as Order[];
    expect(orders.map((o) => o.status)).toEqual(expect.arrayContaining(['filled', 'canceled', 'expired']));
    expect(orders.map((o) => o.id)).toEqual([...orders.map((o) => o.id)].sort((a, b) => a - b));
    const one = (await h.call('GET', '/api/3/spot/history/order', { query: 'client_order_id=rest-order-1&limit=5000' })).json as Order[];
    expect(one.map((o) => o.status)).toEqual(['canceled']);
    const tooMany = await h.call('GET', '/api/3/spot/history/trade', { query: 'limit=1001' });
    expect(errorDescription(tooMany)).toContain('limit');
    await h.control('POST', '/sandbox/clock/advance', { ms: 86_400_001 });
    const later = (await h.call('GET', '/api/3/spot/history/order', { query: 'client_order_id=rest-order-1' })).json as Order[];
    expect(later).toEqual([]);
  });

  it('lists fees', async () => {
    const fees = (await h.call('GET', '/api/3/spot/fee')).json as { symbol: string }[];
    expect(fees.length).toBe(10);
    expect((await h.call('GET', '/api/3/spot/fee/ethbtc')).json).toEqual({ symbol: 'ETHBTC', take_rate: '0.0025', make_rate: '0.001' });
  });
});

describe('order-count limit', () => {
  it('rejects new orders past the active orders per symbol (2000 × scale)', async () => {
    // scale 0.005: 10 active orders per symbol; 3 order requests per second per IP.
    const tight = await startHarness({ limits: { enabled: true, scale: 0.005 } });
    try {
      const statuses: number[] = [];
      let last: Reply | undefined;
      while (statuses.length < 11) {
        last = await place({ symbol: 'XRPUSDT', side: 'buy', quantity: '1', price: '0.001' }, tight);
        if (last.status === 429) await new Promise((resolve) => setTimeout(resolve, 250));
        else statuses.push(last.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(last && [last.status, errorCode(last)]).toEqual([400, 20003]);
    } finally {
      await tight.close();
    }
  });
});
