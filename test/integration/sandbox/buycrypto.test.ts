// Buy crypto: providers, quotes, orders, and the checkout page's pay / abandon / expiry lifecycle.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type Harness } from './harness';

let h: Harness;
interface Order { id: number; status: string; checkout_url: string; wallet_address: string; target_amount: string; target_code: string; provider_id: number; order_type: string; operation_id: string }
interface Tx { type: string; subtype: string; status: string; operation_id: string; native: { amount: string; address: string; hash: string }; meta?: Record<string, string> }

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

async function order(body: Record<string, unknown>, provider = 1): Promise<Order> {
  const reply = await h.call('POST', `/api/3/buy-crypto/provider/${provider}/order`, { body });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as Order;
}

async function orders(query = ''): Promise<Order[]> {
  return (await h.call('GET', '/api/3/buy-crypto/provider/1/order', { query })).json as Order[];
}

async function checkout(url: string, action?: 'pay' | 'abandon'): Promise<{ status: number; html: string }> {
  const res = await fetch(action ? `${url}/${action}` : url, { method: action ? 'POST' : 'GET', redirect: 'manual' });
  return { status: res.status, html: await res.text() };
}

describe('buy crypto', () => {
  it('lists providers with methods, currencies and limits, filtered by target', async () => {
    const all = (await h.call('GET', '/api/3/buy-crypto/provider')).json as { provider_id: number; methods: { transaction_limits: unknown[] }[] }[];
    expect(all.map((p) => p.provider_id)).toEqual([1, 2]);
    expect(all[0]?.methods[0]).toMatchObject({ id: 101, status: 'ACTIVE', supported_source: [{ code: 'EUR' }], transaction_limits: expect.arrayContaining([expect.objectContaining({ currency_code: 'EUR', target_code: 'BTC', source_min: '20' })]) });
    const ltc = (await h.call('GET', '/api/3/buy-crypto/provider', { query: 'target=LTC' })).json as unknown[];
    expect(ltc).toHaveLength(1);
  });

  it('quotes a rate per payment method', async () => {
    const reply = await h.call('GET', '/api/3/buy-crypto/provider/1/rate', { query: 'source=EUR&target=BTC&source_amount=100' });
    const rate = reply.json as { spot_price: string; prices: { payment_method_id: number; source_amount: string; target_amount: string }[] };
    expect(new Decimal(rate.spot_price).gt(0)).toBe(true);
    expect(rate.prices.map((p) => p.payment_method_id)).toEqual([101, 102]);
    const card = new Decimal(rate.prices[0]?.target_amount ?? 0);
    const sepa = new Decimal(rate.prices[1]?.target_amount ?? 0);
    expect(sepa.gt(card)).toBe(true);
    const missing = await h.call('GET', '/api/3/buy-crypto/provider/1/rate', { query: 'source=EUR' });
    expect(errorDescription(missing)).toContain('target');
  });

  it('quotes target amounts as orders store them: rounded down to the currency decimals', async () => {
    const reply = await h.call('GET', '/api/3/buy-crypto/provider/1/rate', { query: 'source=EUR&target=BTC&target_amount=0.123456789' });
    const rate = reply.json as { prices: { target_amount: string }[] };
    expect(rate.prices.map((p) => p.target_amount)).toEqual(['0.12345678', '0.12345678']);
  });

  it('pays through the checkout page: initial → in_progress → completed, crediting the wallet address', async () => {
    const before = new Decimal(((await h.call('GET', '/api/3/wallet/balance/BTC')).json as { available: string }).available);
    const created = await order({ source: 'EUR', target: 'BTC', source_amount: '150', payment_method_id: 101 });
    expect(created).toMatchObject({ status: 'initial', order_type: 'buy', provider_id: 1, target_code: 'BTC' });
    expect(created.checkout_url.startsWith(h.sandbox.restUrl)).toBe(true);
    const page = await checkout(created.checkout_url);
    expect(page.html).toContain('id="pay"');
    expect(page.html).not.toMatch(/src="http|href="http/);
    expect((await checkout(created.checkout_url, 'pay')).status).toBe(303);
    expect((await orders()).find((o) => o.id === created.id)?.status).toBe('in_progress');
    await h.control('POST', '/sandbox/clock/advance', { ms: 31_000 });
    expect((await orders()).find((o) => o.id === created.id)?.status).toBe('completed');
    const after = new Decimal(((await h.call('GET', '/api/3/wallet/balance/BTC')).json as { available: string }).available);
    expect(after.minus(before).toFixed(8)).toBe(new Decimal(created.target_amount).toFixed(8));
    const deposits = (await h.call('GET', '/api/3/wallet/transactions', { query: 'subtypes=BUY_CRYPTO&limit=1' })).json as Tx[];
    expect(deposits[0]).toMatchObject({
      type: 'DEPOSIT', subtype: 'BUY_CRYPTO', status: 'SUCCESS', native: { address: created.wallet_address },
      meta: { provider_name: 'Sandbox Pay', target_currency: 'BTC', source_currency: 'EUR', status: 'completed', payment_method_type: 'card' },
    });
    // The deposit and the order share the operation; the meta names the deposit's own hash.
    expect(deposits[0]?.operation_id).toBe(created.operation_id);
    expect(deposits[0]?.meta?.tx_hash).toBe(deposits[0]?.native.hash);
    expect(deposits[0]?.native.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('expires an abandoned checkout and an unpaid one after 30 minutes', async () => {
    const abandoned = await order({ source: 'EUR', target: 'ETH', source_amount: '100', payment_method_id: 102 });
    await checkout(abandoned.checkout_url, 'abandon');
    expect((await orders()).find((o) => o.id === abandoned.id)?.status).toBe('expired');
    const unpaid = await order({ source: 'EUR', target: 'SOL', source_amount: '100', payment_method_id: 102 });
    await h.control('POST', '/sandbox/clock/advance', { ms: 30 * 60_000 + 1 });
    expect((await orders()).find((o) => o.id === unpaid.id)?.status).toBe('expired');
    expect((await checkout(unpaid.checkout_url)).html).not.toContain('id="pay"');
  });

  it('refuses amounts outside the method limits and unknown methods, and filters the order list', async () => {
    const small = await h.call('POST', '/api/3/buy-crypto/provider/1/order', { body: { source: 'EUR', target: 'BTC', source_amount: '5', payment_method_id: 101 } });
    expect([errorCode(small), errorDescription(small).startsWith('source_amount')]).toEqual([10001, true]);
    const method = await h.call('POST', '/api/3/buy-crypto/provider/1/order', { body: { source: 'EUR', target: 'BTC', source_amount: '50', payment_method_id: 201 } });
    expect(errorDescription(method)).toContain('payment_method_id');
    const eth = await orders('target_code=ETH');
    expect(eth.every((o) => o.target_code === 'ETH')).toBe(true);
    expect(await orders('limit=1')).toHaveLength(1);
    const sorted = await orders('sort=asc');
    expect(sorted.map((o) => o.id)).toEqual([...sorted.map((o) => o.id)].sort((a, b) => a - b));
  });
});
