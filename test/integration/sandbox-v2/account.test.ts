// Version 2's account routes over the same account as version 3: balances, transfers, the
// two-phase withdrawal, conversions, internal transfers, addresses, fee estimates, trading
// history, and the errors with their HTTP statuses.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type CallOptions, type Harness, type Reply } from '../sandbox/harness';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0x742d35cc6634c0532925a3b844bc454e4438f44e';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let h: Harness;

interface Balance { currency: string; available: string; reserved: string }
interface V2Tx { id: string; index: number; currency: string; amount: string; fee: string; address: string; hash: string; status: string; type: string; subType?: string; publicComment?: string }
interface V3Tx { id: number; status: string; native: { tx_id: string; amount: string; fee?: string } }

/** A v2 call, signed the v2 HS256 way unless told otherwise. */
function v2(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  return h.call(method, `/api/2${path}`, { auth: 'hs256-v2', ...options });
}

async function ok<T>(reply: Promise<Reply>): Promise<T> {
  const done = await reply;
  expect(done.status, done.text).toBe(200);
  return done.json as T;
}

async function v3Balance(side: 'wallet' | 'spot', currency: string): Promise<Balance> {
  return ok<Balance>(h.call('GET', `/api/3/${side}/balance/${currency}`));
}

async function v2Balance(path: '/account/balance' | '/trading/balance', currency: string): Promise<Balance> {
  const list = await ok<Balance[]>(v2('GET', path));
  return list.find((b) => b.currency === currency) ?? { currency, available: '0', reserved: '0' };
}

async function v2Tx(id: string): Promise<V2Tx> {
  return ok<V2Tx>(v2('GET', `/account/transactions/${id}`));
}

/** The same record as version 3 shows it, found by its tx_id. */
async function v3TxOf(txId: string): Promise<V3Tx> {
  const list = await ok<V3Tx[]>(h.call('GET', '/api/3/wallet/transactions', { query: 'limit=50&sort=DESC&order_by=updated_at' }));
  const found = list.find((t) => t.native.tx_id === txId);
  expect(found, `v3 record with tx_id ${txId}`).toBeDefined();
  return found as V3Tx;
}

function expectError(reply: Reply, status: number, code: number, param?: string): void {
  expect(reply.status, reply.text).toBe(status);
  expect(errorCode(reply)).toBe(code);
  if (param !== undefined) expect(errorDescription(reply)).toMatch(new RegExp(`^${param}\\b`));
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('balances seen through both versions', () => {
  it('lists the wallet as the account balance and the spot side as the trading balance, signed either way', async () => {
    const wallet = await ok<Balance[]>(h.call('GET', '/api/3/wallet/balance'));
    const spot = await ok<{ currency: string; available: string; reserved: string }[]>(h.call('GET', '/api/3/spot/balance'));
    expect(wallet.length).toBeGreaterThan(0);
    for (const auth of ['hs256-v2', 'basic'] as const) {
      expect(await ok(v2('GET', '/account/balance', { auth }))).toEqual(wallet);
      expect(await ok(v2('GET', '/trading/balance', { auth }))).toEqual(spot.map(({ currency, available, reserved }) => ({ currency, available, reserved })));
    }
  });

  it('moves funds wallet → spot with bankToExchange and back with exchangeToBank, exactly, in JSON or form bodies', async () => {
    const wallet0 = await v3Balance('wallet', 'USDT');
    const spot0 = await v3Balance('spot', 'USDT');
    const { id } = await ok<{ id: string }>(v2('POST', '/account/transfer', { body: { currency: 'USDT', amount: '12.345678', type: 'bankToExchange' } }));
    expect(id).toMatch(UUID);
    expect(new Decimal(wallet0.available).minus((await v3Balance('wallet', 'USDT')).available).toFixed()).toBe('12.345678');
    expect(new Decimal((await v3Balance('spot', 'USDT')).available).minus(spot0.available).toFixed()).toBe('12.345678');
    expect((await v2Balance('/trading/balance', 'USDT')).available).toBe((await v3Balance('spot', 'USDT')).available);
    expect(await v2Tx(id)).toMatchObject({ id, type: 'bankToExchange', status: 'success', currency: 'USDT', amount: '12.345678' });

    const back = await ok<{ id: string }>(v2('POST', '/account/transfer', { form: true, body: { currency: 'USDT', amount: '2.345678', type: 'exchangeToBank' } }));
    expect((await v2Tx(back.id)).type).toBe('exchangeToBank');
    expect(new Decimal(wallet0.available).minus((await v3Balance('wallet', 'USDT')).available).toFixed()).toBe('10');
    expect(new Decimal((await v3Balance('spot', 'USDT')).available).minus(spot0.available).toFixed()).toBe('10');
  });

  it('refuses a transfer of a bad type, a missing one, or more than the side holds', async () => {
    expectError(await v2('POST', '/account/transfer', { body: { currency: 'USDT', amount: '1', type: 'sideways' } }), 400, 10001, 'type');
    expectError(await v2('POST', '/account/transfer', { body: { currency: 'USDT', amount: '1' } }), 400, 10001, 'type');
    expectError(await v2('POST', '/account/transfer', { body: { currency: 'NOPE', amount: '1', type: 'bankToExchange' } }), 400, 2002);
    const spot = await v3Balance('spot', 'USDT');
    const before = await v3Balance('wallet', 'USDT');
    expectError(await v2('POST', '/account/transfer', { body: { currency: 'USDT', amount: new Decimal(spot.available).plus(1).toFixed(), type: 'exchangeToBank' } }), 400, 20001);
    expect(await v3Balance('wallet', 'USDT')).toEqual(before);
  });
});

describe('withdrawals and their two-phase commit', () => {
  it('a withdrawal left uncommitted is one record in both versions, rolled back idempotently: v3 ROLLED_BACK, v2 failed', async () => {
    const before = await v3Balance('wallet', 'ETH');
    const { id } = await ok<{ id: string }>(v2('POST', '/account/crypto/withdraw', {
      form: true, body: { currency: 'ETH', amount: '0.5', address: ETH_ADDRESS, autoCommit: 'false', publicComment: 'rent' },
    }));
    expect(id).toMatch(UUID);
    expect(await v2Tx(id)).toMatchObject({ id, type: 'payout', status: 'created', amount: '0.500000000', publicComment: 'rent', address: ETH_ADDRESS, networkCode: 'ETH' });
    expect(await v3TxOf(id)).toMatchObject({ status: 'CREATED', native: { tx_id: id } });
    const held = await v3Balance('wallet', 'ETH');
    expect(new Decimal(held.reserved).minus(before.reserved).toFixed()).toBe('0.503');

    expect(await ok(v2('DELETE', `/account/crypto/withdraw/${id}`))).toEqual({ result: true });
    expect(await ok(v2('DELETE', `/account/crypto/withdraw/${id}`))).toEqual({ result: true });
    expect((await v3TxOf(id)).status).toBe('ROLLED_BACK');
    expect((await v2Tx(id)).status).toBe('failed');
    expect(await v3Balance('wallet', 'ETH')).toEqual(before);
    // A commit after the rollback is refused the way version 3 refuses it.
    expect(await ok(v2('PUT', `/account/crypto/withdraw/${id}`))).toEqual({ result: false });
    expect(await ok(h.call('PUT', `/api/3/wallet/crypto/withdraw/${(await v3TxOf(id)).id}`))).toEqual({ result: false });
  });

  it('commits idempotently, refuses a rollback after the commit, and settles on the sandbox clock', async () => {
    const { id } = await ok<{ id: string }>(v2('POST', '/account/crypto/withdraw', {
      body: { currency: 'BTC', amount: '0.01', address: BTC_ADDRESS, autoCommit: false },
    }));
    expect(await ok(v2('PUT', `/account/crypto/withdraw/${id}`))).toEqual({ result: true });
    expect(await ok(v2('PUT', `/account/crypto/withdraw/${id}`, { auth: 'basic' }))).toEqual({ result: true });
    expect(await ok(v2('DELETE', `/account/crypto/withdraw/${id}`))).toEqual({ result: false });
    const pending = await v2Tx(id);
    expect(pending.status).toBe('pending');
    expect(pending.hash).toMatch(/^[0-9a-f]{64}$/);
    await h.control('POST', '/sandbox/clock/advance', { ms: 10 * 60_000 });
    expect(await v2Tx(id)).toMatchObject({ status: 'success', confirmations: 2 });
    expect((await v3TxOf(id)).status).toBe('SUCCESS');
  });

  it('commits at once by default, and includeFee takes the fee out of the amount exactly', async () => {
    const before = await v3Balance('wallet', 'BTC');
    const { id } = await ok<{ id: string }>(v2('POST', '/account/crypto/withdraw', { body: { currency: 'BTC', amount: '0.0123', address: BTC_ADDRESS, includeFee: true } }));
    const tx = await v2Tx(id);
    expect(tx).toMatchObject({ status: 'pending', amount: '0.01180000', fee: '0.00050000' });
    // Pending, the debit is held in reserved until the chain settles it.
    const after = await v3Balance('wallet', 'BTC');
    expect(new Decimal(before.available).minus(after.available).toFixed()).toBe('0.0123');
    expect(new Decimal(after.reserved).minus(before.reserved).toFixed()).toBe('0.0123');
    expect(new Decimal(tx.amount).plus(tx.fee).toFixed()).toBe('0.0123');

    const plain = await ok<{ id: string }>(v2('POST', '/account/crypto/withdraw', { body: { currency: 'BTC', amount: '0.0123', address: BTC_ADDRESS } }));
    expect(await v2Tx(plain.id)).toMatchObject({ amount: '0.01230000', fee: '0.00050000' });
    const last = await v3Balance('wallet', 'BTC');
    expect(new Decimal(after.available).minus(last.available).toFixed()).toBe('0.0128');
  });

  it('refuses bad withdrawals with the v2 parameter named, and leaves the balance untouched', async () => {
    const before = await v3Balance('wallet', 'BTC');
    const base = { currency: 'BTC', amount: '0.01', address: BTC_ADDRESS };
    expectError(await v2('POST', '/account/crypto/withdraw', { body: { currency: 'BTC', amount: '0.01' } }), 400, 10001, 'address');
    expectError(await v2('POST', '/account/crypto/withdraw', { body: { ...base, address: 'not-an-address' } }), 400, 10001, 'address');
    expectError(await v2('POST', '/account/crypto/withdraw', { body: { ...base, publicComment: 'x'.repeat(256) } }), 400, 10001, 'publicComment');
    expectError(await v2('POST', '/account/crypto/withdraw', { body: { ...base, includeFee: 'maybe' } }), 400, 10001, 'includeFee');
    expectError(await v2('POST', '/account/crypto/withdraw', { body: { ...base, networkCode: 'SOL' } }), 400, 10001, 'networkCode');
    expectError(await v2('POST', '/account/crypto/withdraw', { body: { currency: 'XRP', amount: '10', address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' } }), 400, 10001, 'paymentId');
    expectError(await v2('POST', '/account/crypto/withdraw', { body: { ...base, currency: 'NOPE' } }), 400, 2002);
    expectError(await v2('POST', '/account/crypto/withdraw', { body: { ...base, amount: '100000' } }), 400, 20001);
    expectError(await v2('PUT', '/account/crypto/withdraw/00000000-0000-4000-a000-000000000000'), 400, 10001, 'id');
    expectError(await v2('POST', '/account/crypto/withdraw', { key: h.key('pay-only'), body: base }), 403, 1003);
    expectError(await v2('POST', '/account/crypto/withdraw', { key: null, body: base }), 401, 1001);
    expect(await v3Balance('wallet', 'BTC')).toEqual(before);
  });

  it('estimates the fee version 3 estimates, and levels derived from it with the first the default', async () => {
    const v3 = await ok<{ fee: string }>(h.call('GET', '/api/3/wallet/crypto/fee/estimate', { query: 'currency=USDT&amount=100&network_code=TRX' }));
    const { fee } = await ok<{ fee: string }>(v2('GET', '/account/crypto/estimate-withdraw', { query: 'currency=USDT&amount=100&networkCode=TRX' }));
    expect(fee).toBe(v3.fee);
    const levels = await ok<{ feeLevelId: number; comment: string; fee: string; isDefault: boolean }[]>(v2('GET', '/account/crypto/estimate-withdraw-levels', { query: 'currency=BTC&amount=0.1' }));
    const btcFee = (await ok<{ fee: string }>(v2('GET', '/account/crypto/estimate-withdraw', { query: 'currency=BTC&amount=0.1' }))).fee;
    expect(levels.map((l) => l.feeLevelId)).toEqual([1, 2, 3]);
    expect(levels.filter((l) => l.isDefault).map((l) => l.fee)).toEqual([btcFee]);
    expect(levels.map((l) => new Decimal(l.fee).div(btcFee).toFixed())).toEqual(['1', '1.5', '2']);
    expectError(await v2('GET', '/account/crypto/estimate-withdraw', { query: 'currency=BTC' }), 400, 10001, 'amount');
  });
});

describe('conversions and internal transfers', () => {
  it('transfer-convert answers the ids of both legs, seen as swap in v2 and as the v3 convert records', async () => {
    const usdt = await v3Balance('wallet', 'USDT');
    const { result } = await ok<{ result: string[] }>(v2('POST', '/account/crypto/transfer-convert', { form: true, body: { fromCurrency: 'USDT', toCurrency: 'BTC', amount: '100' } }));
    expect(result).toHaveLength(2);
    const [out, into] = await Promise.all(result.map(v2Tx));
    expect(out).toMatchObject({ type: 'withdraw', subType: 'swap', currency: 'USDT', amount: '100.000000', status: 'success' });
    expect(into).toMatchObject({ type: 'deposit', subType: 'swap', currency: 'BTC', status: 'success' });
    expect(new Decimal(usdt.available).minus((await v3Balance('wallet', 'USDT')).available).toFixed()).toBe('100');
    expectError(await v2('POST', '/account/crypto/transfer-convert', { body: { fromCurrency: 'USDT', toCurrency: 'USDT', amount: '1' } }), 400, 10001, 'toCurrency');
    expectError(await v2('POST', '/account/crypto/transfer-convert', { body: { fromCurrency: 'USDT', amount: '1' } }), 400, 10001, 'toCurrency');
  });

  it('an internal transfer by email or username moves wallet funds to the other account', async () => {
    const other = h.accounts.find((a) => a.kind !== 'master' && a.status === 'active');
    expect(other).toBeDefined();
    const recipient = other as NonNullable<typeof other>;
    const before = await v3Balance('wallet', 'USDT');
    const byEmail = await ok<{ result: string }>(v2('POST', '/account/transfer/internal', { body: { currency: 'USDT', amount: '3', by: 'email', identifier: recipient.email } }));
    expect(await v2Tx(byEmail.result)).toMatchObject({ type: 'withdraw', subType: 'offchain', amount: '3.000000', status: 'success' });
    await ok(v2('POST', '/account/transfer/internal', { form: true, body: { currency: 'USDT', amount: '2', by: 'username', identifier: recipient.username } }));
    expect(new Decimal(before.available).minus((await v3Balance('wallet', 'USDT')).available).toFixed()).toBe('5');
    expectError(await v2('POST', '/account/transfer/internal', { body: { currency: 'USDT', amount: '2', by: 'external_id', identifier: recipient.external_id } }), 400, 10001, 'by');
    expectError(await v2('POST', '/account/transfer/internal', { body: { currency: 'USDT', amount: '2', by: 'email' } }), 400, 10001, 'identifier');
    expectError(await v2('POST', '/account/transfer/internal', { key: h.key('pay-only'), body: { currency: 'USDT', amount: '2', by: 'email', identifier: recipient.email } }), 403, 1003);
  });
});

describe('addresses', () => {
  it('reads the current deposit address version 3 reads, makes new ones, lists them and knows its own', async () => {
    const v3 = (await ok<{ address: string; network_code: string }[]>(h.call('GET', '/api/3/wallet/crypto/address', { query: 'currency=BTC' })))[0];
    const current = await ok<{ address: string; networkCode: string }>(v2('GET', '/account/crypto/address/BTC'));
    expect(current).toEqual({ address: v3?.address, networkCode: v3?.network_code });
    const fresh = await ok<{ address: string }>(v2('POST', '/account/crypto/address/BTC', { body: {} }));
    expect(fresh.address).not.toBe(current.address);
    expect((await ok<{ address: string }>(v2('GET', '/account/crypto/address/BTC'))).address).toBe(fresh.address);
    const listed = await ok<{ address: string }[]>(v2('GET', '/account/crypto/addresses/BTC'));
    expect(listed.map((a) => a.address).slice(0, 2)).toEqual([fresh.address, current.address]);
    expect(await ok(v2('GET', `/account/crypto/is-mine/${fresh.address}`))).toEqual({ result: true });
    expect(await ok(v2('GET', `/account/crypto/is-mine/${BTC_ADDRESS}`))).toEqual({ result: false });
  });

  it('keeps payment ids for networks that need them, and lists used withdrawal addresses', async () => {
    const xrp = await ok<{ address: string; paymentId?: string }>(v2('GET', '/account/crypto/address/XRP'));
    expect(xrp.paymentId).toMatch(/^\d+$/);
    const usdt = await ok<{ networkCode: string }>(v2('GET', '/account/crypto/address/USDT', { query: 'networkCode=TRC20' }));
    expect(usdt.networkCode).toBe('TRX');
    const used = await ok<{ address: string; paymentId?: string }[]>(v2('GET', '/account/crypto/used-addresses/BTC'));
    expect(used).toContainEqual({ address: BTC_ADDRESS });
    expect(used.length).toBeLessThanOrEqual(10);
    expectError(await v2('GET', '/account/crypto/address/EUR'), 400, 10001, 'currency');
    expectError(await v2('GET', '/account/crypto/address/NOPE'), 400, 2002);
    expectError(await v2('GET', '/account/crypto/addresses/USDT', { query: 'networkCode=DOGE' }), 400, 10001, 'networkCode');
  });
});

describe('trading history', () => {
  it('shows the spot engine trades in v2 camelCase, all of them and by order', async () => {
    const placed = await ok<{ id: number; client_order_id: string; status: string }>(h.call('POST', '/api/3/spot/order', {
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.001', client_order_id: 'v2-history-1' },
    }));
    expect(placed.status).toBe('filled');
    const trades = await ok<Record<string, unknown>[]>(v2('GET', '/history/trades', { query: 'symbol=BTCUSDT&limit=5' }));
    const trade = trades.find((t) => t.orderId === placed.id);
    expect(trade).toMatchObject({
      id: placed.id, orderId: placed.id, clientOrderId: 'v2-history-1', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001',
      price: expect.stringMatching(/^\d+(\.\d+)?$/), fee: expect.any(String), timestamp: expect.any(String), taker: true,
    });
    expect(await ok(v2('GET', `/history/order/${placed.id}/trades`, { auth: 'basic' }))).toEqual([trade]);
    expect(await ok(v2('GET', '/history/trades', { query: 'margin=only' }))).toEqual([]);
    expectError(await v2('GET', '/history/trades', { query: 'margin=sometimes' }), 400, 10001, 'margin');
    expectError(await v2('GET', '/history/order/abc/trades'), 400, 10001, 'orderId');
    expectError(await v2('GET', '/history/trades', { key: h.key('pay-only') }), 403, 1003);
  });
});
