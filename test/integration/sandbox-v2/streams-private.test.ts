// Version 2 trading and account streams (/api/2/ws/trading, /api/2/ws/account, and the deprecated
// /api/2/ws): login with BASIC and HS256 (the nonce's HMAC), 1001/1002/10021, order reports over
// the shared spot engine, and the account's transaction and balance notifications on a v2 transfer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacHex, startHarness, type Harness, type TestKey } from '../sandbox/harness';
import { TestSocket } from '../sandbox/ws-client';

let h: Harness;
const sockets: TestSocket[] = [];

async function open(path: string): Promise<TestSocket> {
  const socket = await TestSocket.open(h.sandbox.wsUrl + path);
  sockets.push(socket);
  return socket;
}

function hs256Login(key: TestKey, nonce: string): Record<string, unknown> {
  return { algo: 'HS256', pKey: key.api_key, nonce, signature: hmacHex(key.secret_key, nonce) };
}

async function loggedIn(path: string): Promise<TestSocket> {
  const ws = await open(path);
  expect(await ws.request('login', hs256Login(h.key(), `nonce-${Date.now()}`))).toMatchObject({ result: true });
  return ws;
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await h.close();
});

describe('login', () => {
  it('signs the nonce as openssl does', () => {
    // printf 'nonce-1' | openssl dgst -sha256 -hmac 'v2-secret'
    expect(hmacHex('v2-secret', 'nonce-1')).toBe('05d84b321aa805cf001ba68708a8b1bdd3f5d97d65a27280826c1c7c173b3418');
  });

  it('logs in with HS256 and BASIC, and refuses bad credentials with 1002', async () => {
    const key = h.key();
    const ws = await open('/api/2/ws/trading');
    expect(await ws.request('getTradingBalance', {}, 'early')).toMatchObject({ error: { code: 1001 }, id: 'early' });
    const badSignature = await ws.request('login', { ...hs256Login(key, 'n-1'), signature: hmacHex(key.secret_key, 'n-2') });
    expect(badSignature).toMatchObject({ jsonrpc: '2.0', error: { code: 1002, description: expect.stringMatching(/^signature:/) } });
    expect(await ws.request('login', { algo: 'BASIC', pKey: key.api_key, sKey: 'wrong' })).toMatchObject({ error: { code: 1002 } });
    expect(await ws.request('login', { algo: 'BASIC', pKey: 'nobody', sKey: key.secret_key })).toMatchObject({ error: { code: 1002 } });
    expect(await ws.request('login', { algo: 'BEARER', pKey: key.api_key, jwt: 'x' })).toMatchObject({ error: { code: 1004 } });
    expect(await ws.request('login', hs256Login(key, 'n-1'), 3)).toEqual({ jsonrpc: '2.0', result: true, id: 3 });
    expect(await ws.request('getTradingBalance')).toHaveProperty('result');
    const basic = await open('/api/2/ws/account');
    expect(await basic.request('login', { algo: 'BASIC', pKey: key.api_key, sKey: key.secret_key })).toMatchObject({ result: true });
  });

  it('refuses a frozen account with 10021', async () => {
    const frozen = h.accounts.find((a) => a.username === 'sub-epsilon');
    const key = frozen?.keys[0];
    if (!key) throw new Error('the seed has no frozen sub-account with a key');
    const ws = await open('/api/2/ws/account');
    expect(await ws.request('login', hs256Login(key, 'n'))).toMatchObject({ error: { code: 10021 } });
    expect(await ws.request('getBalance')).toMatchObject({ error: { code: 1001 } });
  });

  it('refuses a method the key has not the right for with 1003', async () => {
    const histOnly = await open('/api/2/ws');
    expect(await histOnly.request('login', hs256Login(h.key('hist-only'), 'h'))).toMatchObject({ result: true });
    expect((await histOnly.request('getOrders')).result).toEqual(expect.any(Array));
    const order = await histOnly.request('newOrder', { symbol: 'LTCUSDT', side: 'buy', type: 'market', quantity: '0.01' });
    expect(order).toMatchObject({ error: { code: 1003, description: expect.stringContaining('ORD') } });
    expect(await histOnly.request('getBalance')).toMatchObject({ error: { code: 1003, description: expect.stringContaining('PAY') } });
    const ordOnly = await open('/api/2/ws/trading');
    expect(await ordOnly.request('login', hs256Login(h.key('ord-only'), 'o'))).toMatchObject({ result: true });
    expect(await ordOnly.request('getTradingBalance')).toMatchObject({ error: { code: 1003, description: expect.stringContaining('HIST') } });
  });

  it('executes an id-less login without answering it', async () => {
    const key = h.key();
    const ws = await open('/api/2/ws/account');
    ws.send({ method: 'login', params: { algo: 'BASIC', pKey: key.api_key, sKey: key.secret_key } });
    expect(await ws.request('getBalance', {}, 'after')).toMatchObject({ result: expect.any(Array), id: 'after' });
    expect(ws.messages).toEqual([]);
  });
});

describe('trading', () => {
  it('places, replaces and cancels orders with reports in the v2 shape', async () => {
    const ws = await loggedIn('/api/2/ws/trading');
    expect(await ws.request('subscribeReports')).toMatchObject({ result: true });
    expect((await ws.next((m) => m.method === 'activeOrders')).params).toEqual([]);
    const placed = await ws.request('newOrder', { clientOrderId: 'v2-stream-1', symbol: 'SOLUSDT', side: 'sell', quantity: '0.1', price: '100000' });
    expect(placed.result).toMatchObject({
      clientOrderId: 'v2-stream-1', symbol: 'SOLUSDT', side: 'sell', status: 'new', type: 'limit', timeInForce: 'GTC',
      quantity: '0.1', price: '100000', cumQuantity: '0', postOnly: false, reportType: 'new',
    });
    expect((await ws.next((m) => m.method === 'report')).params).toEqual(placed.result);
    expect((await ws.request('getOrders')).result).toEqual([expect.objectContaining({ clientOrderId: 'v2-stream-1', reportType: 'status' })]);

    // A successor the funds cannot cover is refused and the order stays as it was.
    const tooBig = await ws.request('cancelReplaceOrder', { clientOrderId: 'v2-stream-1', requestClientId: 'v2-stream-2', quantity: '100000000', price: '100000' });
    expect(tooBig).toMatchObject({ error: { code: 20001 } });
    const badId = await ws.request('cancelReplaceOrder', { clientOrderId: 'v2-stream-1', requestClientId: 'x', quantity: '0.2', price: '90000' });
    expect(badId).toMatchObject({ error: { code: 10001, description: expect.stringMatching(/^requestClientId:/) } });
    expect((await ws.request('getOrders')).result).toEqual([expect.objectContaining({ clientOrderId: 'v2-stream-1', quantity: '0.1' })]);

    const replaced = await ws.request('cancelReplaceOrder', { clientOrderId: 'v2-stream-1', requestClientId: 'v2-stream-2', quantity: '0.2', price: '90000' });
    expect(replaced.result).toMatchObject({ clientOrderId: 'v2-stream-2', quantity: '0.2', price: '90000', status: 'new', reportType: 'replaced', originalRequestClientOrderId: 'v2-stream-1' });
    expect((await ws.next((m) => m.method === 'report')).params).toEqual(replaced.result);
    expect((await ws.request('getOrders')).result).toEqual([expect.objectContaining({ clientOrderId: 'v2-stream-2' })]);

    const canceled = await ws.request('cancelOrder', { clientOrderId: 'v2-stream-2' });
    expect(canceled.result).toMatchObject({ clientOrderId: 'v2-stream-2', status: 'canceled', reportType: 'canceled' });
    expect(await ws.request('cancelOrder', { clientOrderId: 'v2-stream-2' })).toMatchObject({ error: { code: 20002 } });
  });

  it('reports a filled market order with its trade, and names bad params the v2 way', async () => {
    const ws = await loggedIn('/api/2/ws/trading');
    await ws.request('subscribeReports');
    const filled = await ws.request('newOrder', { clientOrderId: 'v2-stream-market', symbol: 'LTCUSDT', side: 'buy', type: 'market', quantity: '0.01' });
    expect(filled.result).toMatchObject({ status: 'filled', reportType: 'trade', cumQuantity: '0.01', tradeQuantity: '0.01', tradePrice: expect.any(String), tradeFee: expect.any(String) });
    const report = await ws.next((m) => m.method === 'report' && (m.params as { clientOrderId: string }).clientOrderId === 'v2-stream-market');
    expect(report.params).toEqual(filled.result);
    const noPrice = await ws.request('newOrder', { clientOrderId: 'v2-stream-np', symbol: 'LTCUSDT', side: 'buy', quantity: '0.01' });
    expect(noPrice).toMatchObject({ error: { code: 10001, description: expect.stringMatching(/^price:/) } });
    const badTif = await ws.request('newOrder', { symbol: 'LTCUSDT', side: 'buy', quantity: '0.01', price: '1', timeInForce: 'NEVER' });
    expect(badTif).toMatchObject({ error: { code: 10001, description: expect.stringMatching(/^timeInForce:/) } });
    const spot = await h.call('GET', '/api/2/trading/balance', { auth: 'hs256-v2' });
    expect((await ws.request('getTradingBalance')).result).toEqual(spot.json);
  });
});

describe('account', () => {
  it('notifies the transaction and the balances of a v2 REST transfer', async () => {
    const ws = await loggedIn('/api/2/ws/account');
    expect(await ws.request('subscribeBalance')).toMatchObject({ result: true });
    const first = await ws.next((m) => m.method === 'balance');
    const rest = await h.call('GET', '/api/2/account/balance', { auth: 'hs256-v2' });
    expect(first.params).toEqual(rest.json);
    expect((await ws.request('getBalance')).result).toEqual(rest.json);
    expect(await ws.request('subscribeTransactions')).toMatchObject({ result: true });

    const transfer = await h.call('POST', '/api/2/account/transfer', { auth: 'hs256-v2', body: { currency: 'USDT', amount: '12.5', type: 'bankToExchange' } });
    expect(transfer.status).toBe(200);
    const { id } = transfer.json as { id: string };
    const update = await ws.next((m) => m.method === 'updateTransaction');
    expect(update).toEqual({ jsonrpc: '2.0', method: 'updateTransaction', params: expect.objectContaining({ id, type: 'bankToExchange', currency: 'USDT', status: 'success' }) });
    const record = await h.call('GET', `/api/2/account/transactions/${id}`, { auth: 'hs256-v2' });
    expect(update.params).toEqual(record.json);
    const after = await ws.next((m) => m.method === 'balance');
    expect(after.params).toEqual((await h.call('GET', '/api/2/account/balance', { auth: 'hs256-v2' })).json);
    const usdt = (list: unknown): string | undefined => (list as { currency: string; available: string }[]).find((b) => b.currency === 'USDT')?.available;
    expect(usdt(after.params)).not.toBe(usdt(first.params));

    expect(await ws.request('unsubscribeTransactions')).toMatchObject({ result: true });
    expect(await ws.request('unsubscribeBalance')).toMatchObject({ result: true });
    await h.call('POST', '/api/2/account/transfer', { auth: 'hs256-v2', body: { currency: 'USDT', amount: '1', type: 'exchangeToBank' } });
    expect(await ws.request('getBalance', {}, 'flush')).toMatchObject({ id: 'flush' });
    expect(ws.messages.filter((m) => m.method !== undefined)).toEqual([]);
  });
});

describe('deprecated /api/2/ws', () => {
  it('serves market data before login and every private method after it', async () => {
    const ws = await open('/api/2/ws');
    expect((await ws.request('getSymbol', { symbol: 'BTCUSDT' })).result).toMatchObject({ id: 'BTCUSDT' });
    expect(await ws.request('getBalance')).toMatchObject({ error: { code: 1001 } });
    expect(await ws.request('login', hs256Login(h.key(), 'deprecated'))).toMatchObject({ result: true });
    expect((await ws.request('getBalance')).result).toEqual(expect.any(Array));
    expect((await ws.request('getTradingBalance')).result).toEqual(expect.any(Array));
    expect((await ws.request('getOrders')).result).toEqual(expect.any(Array));
    expect((await ws.request('getCurrency', { currency: 'BTC' })).result).toMatchObject({ id: 'BTC' });
  });
});
