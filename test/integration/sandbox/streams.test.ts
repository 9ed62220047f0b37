// The wallet and trading streams: login (HS256 and BASIC), replies with and without id, the
// transaction and balance feeds, pings, and reconnecting after a drop fault.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { TestSocket } from './ws-client';

let h: Harness;
const sockets: TestSocket[] = [];

async function open(path: string): Promise<TestSocket> {
  const socket = await TestSocket.open(h.sandbox.wsUrl + path);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  h = await startHarness({ pingIntervalMs: 200 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h.close();
});

describe('wallet stream', () => {
  it('logs in with HS256 and BASIC, refusing a bad signature with 1002', async () => {
    const ws = await open('/api/3/ws/wallet');
    const bad = await ws.request('login', { type: 'HS256', api_key: h.key().api_key, timestamp: Date.now(), signature: '00' });
    expect(bad).toMatchObject({ jsonrpc: '2.0', error: { code: 1002 } });
    expect(await ws.loginHs256(h.key(), 20_000)).toMatchObject({ jsonrpc: '2.0', result: true });
    const basic = await open('/api/3/ws/wallet');
    expect(await basic.request('login', { type: 'BASIC', api_key: h.key().api_key, secret_key: h.key().secret_key })).toMatchObject({ result: true });
  });

  it('answers a request without id without id, and refuses methods before login', async () => {
    const ws = await open('/api/3/ws/wallet');
    const early = await ws.request('wallet_balances', {}, 'early');
    expect(early).toMatchObject({ error: { code: 1001 }, id: 'early' });
    ws.send({ method: 'login', params: { type: 'BASIC', api_key: h.key().api_key, secret_key: h.key().secret_key } });
    const reply = await ws.next((m) => 'result' in m);
    expect(reply).toEqual({ jsonrpc: '2.0', result: true });
  });

  it('sends a balance snapshot then updates, and transaction updates', async () => {
    const ws = await open('/api/3/ws/wallet');
    await ws.loginHs256(h.key());
    expect(await ws.request('subscribe_wallet_balances')).toMatchObject({ result: true });
    const snapshot = await ws.next((m) => m.method === 'wallet_balances');
    expect(snapshot.params).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'BTC' })]));
    expect(await ws.request('subscribe_transactions')).toMatchObject({ result: true });
    const deposit = await h.control('POST', '/sandbox/deposit', { currency: 'BTC', amount: '0.5' });
    const id = Number((deposit.json as { id: string }).id);
    const pending = await ws.next((m) => m.method === 'transaction_update' && (m.params as { id: number }).id === id);
    expect(pending.params).toMatchObject({ status: 'PENDING', type: 'DEPOSIT', native: { amount: '0.50000000', confirmations: 0 } });
    await h.control('POST', '/sandbox/clock/advance', { ms: 60_000 });
    await ws.next((m) => m.method === 'transaction_update' && (m.params as { id: number; status: string }).id === id && (m.params as { status: string }).status === 'SUCCESS');
    const update = await ws.next((m) => m.method === 'wallet_balance_update');
    expect(update.params).toEqual({ currency: 'BTC', available: expect.any(String), reserved: expect.any(String) });
    const one = await ws.request('wallet_balance', { currency: 'BTC' });
    expect(one.result).toMatchObject({ currency: 'BTC' });
    await h.call('POST', '/api/3/wallet/transfer', { body: { currency: 'USDT', amount: '1', source: 'wallet', destination: 'spot' } });
    const txs = await ws.request('get_transactions', { limit: 5, types: ['DEPOSIT'] });
    expect((txs.result as { id: number; type: string }[]).map((t) => [t.id, t.type])).toEqual([[id, 'DEPOSIT']]);
    expect(await ws.request('unsubscribe_transactions')).toMatchObject({ result: true });
  });

  it('pings every pingIntervalMs', async () => {
    const ws = await open('/api/3/ws/wallet');
    await new Promise((resolve) => setTimeout(resolve, 650));
    expect(ws.pings).toBeGreaterThanOrEqual(2);
  });
});

describe('trading stream', () => {
  it('feeds spot balances after spot_balance_subscribe', async () => {
    const ws = await open('/api/3/ws/trading');
    await ws.loginHs256(h.key());
    expect(await ws.request('spot_balance_subscribe', { mode: 'updates' })).toMatchObject({ result: true });
    const snapshot = await ws.next((m) => m.method === 'spot_balance');
    expect((snapshot.params as unknown[]).length).toBeGreaterThan(0);
    await h.call('POST', '/api/3/wallet/transfer', { body: { currency: 'ETH', amount: '0.25', source: 'wallet', destination: 'spot' } });
    const update = await ws.next((m) => m.method === 'spot_balance');
    expect(update.params).toEqual([expect.objectContaining({ currency: 'ETH' })]);
    const balances = await ws.request('spot_balances');
    expect(Array.isArray(balances.result)).toBe(true);
  });
});

describe('trading stream orders', () => {
  it('sends the active orders, then spot_order reports', async () => {
    const ws = await open('/api/3/ws/trading');
    await ws.loginHs256(h.key());
    await h.call('POST', '/api/3/spot/order', { body: { client_order_id: 'stream-rest-1', symbol: 'LTCUSDT', side: 'buy', quantity: '0.01', price: '1' } });
    expect(await ws.request('spot_subscribe')).toMatchObject({ result: true });
    const snapshot = await ws.next((m) => m.method === 'spot_orders');
    expect(snapshot.params).toEqual([expect.objectContaining({ client_order_id: 'stream-rest-1', status: 'new' })]);
    await h.call('DELETE', '/api/3/spot/order/stream-rest-1');
    const canceled = await ws.next((m) => m.method === 'spot_order');
    expect(canceled.params).toMatchObject({ client_order_id: 'stream-rest-1', status: 'canceled', report_type: 'canceled' });
    await h.call('POST', '/api/3/spot/order', { body: { symbol: 'LTCUSDT', side: 'buy', quantity: '0.01' } });
    const trade = await ws.next((m) => m.method === 'spot_order');
    expect(trade.params).toMatchObject({ status: 'filled', report_type: 'trade' });
  });

  it('places and cancels orders over the stream', async () => {
    const ws = await open('/api/3/ws/trading');
    await ws.loginHs256(h.key());
    const placed = await ws.request('spot_new_order', { client_order_id: 'stream-order-2', symbol: 'SOLUSDT', side: 'sell', quantity: '0.1', price: '100000' });
    expect(placed.result).toMatchObject({ client_order_id: 'stream-order-2', status: 'new' });
    const bad = await ws.request('spot_new_order', { symbol: 'SOLUSDT', side: 'sell' });
    expect(bad).toMatchObject({ error: { code: 10001, description: expect.stringContaining('quantity') } });
    expect((await ws.request('spot_get_orders')).result).toEqual([expect.objectContaining({ client_order_id: 'stream-order-2' })]);
    expect((await ws.request('spot_cancel_orders', { symbol: 'SOLUSDT' })).result).toEqual([expect.objectContaining({ status: 'canceled' })]);
    expect(await ws.request('spot_cancel_order', { client_order_id: 'stream-order-2' })).toMatchObject({ error: { code: 20002 } });
  });
});

describe('drop fault', () => {
  it('drops every stream connection; a client reconnects and logs in again', async () => {
    const ws = await open('/api/3/ws/wallet');
    await ws.loginHs256(h.key());
    const closed = ws.closed();
    const dropped = await h.control('POST', '/sandbox/faults', { drop_websockets: true });
    expect((dropped.json as { dropped: number }).dropped).toBeGreaterThanOrEqual(1);
    await closed;
    const again = await open('/api/3/ws/wallet');
    expect(await again.loginHs256(h.key())).toMatchObject({ result: true });
    expect((await again.request('wallet_balances')).result).toEqual(expect.any(Array));
  });
});

describe('stream message limits', () => {
  it('answers 429 in the JSON-RPC error past the per-account rate of wallet methods', async () => {
    // scale 0.25: wallet methods (5 + 10) × 0.25 = 3 per second per account; 5 per IP.
    const tight = await startHarness({ limits: { enabled: true, scale: 0.25 } });
    try {
      const ws = await TestSocket.open(tight.sandbox.wsUrl + '/api/3/ws/wallet');
      sockets.push(ws);
      expect(await ws.loginHs256(tight.key())).toMatchObject({ result: true });
      const replies = await Promise.all([1, 2, 3, 4].map((id) => ws.request('wallet_balances', {}, id)));
      expect(replies.filter((r) => 'result' in r)).toHaveLength(3);
      expect(replies.find((r) => 'error' in r)).toMatchObject({ error: { code: 429 }, id: 4 });
    } finally {
      await tight.close();
    }
  });
});
