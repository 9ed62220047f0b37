// Buy crypto through /api/2 (api-v2.md "Buy crypto"): providers, rates and orders in the version 2
// shapes over the same providers and orders /api/3 serves; one sandbox for the file.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type CallOptions, type Harness, type Reply } from '../sandbox/harness';

let h: Harness;
interface V2Order {
  id: number; providerId: number; orderType: string; sourceCode: string; targetCode: string; walletAddress: string;
  checkoutURL: string; status: string; createdAt: string; paymentMethodId: number; targetNetworkCode: string;
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const v2 = (method: string, path: string, options: CallOptions = {}): Promise<Reply> => h.call(method, `/api/2/buy-crypto${path}`, { auth: 'hs256-v2', ...options });
const failure = (reply: Reply): [number, number | undefined, string] => [reply.status, errorCode(reply), errorDescription(reply).split(':')[0] ?? ''];
const nowSeconds = (): number => Math.floor(Date.now() / 1000);
const aroundNow = (): string => `from=${nowSeconds() - 86_400}&till=${nowSeconds() + 86_400}`;

async function placed(body: Record<string, unknown>, options: CallOptions = {}, provider = 1): Promise<V2Order> {
  const reply = await v2('POST', `/provider/${provider}/order`, { body, ...options });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as V2Order;
}

async function listed(query: string, provider = 1): Promise<V2Order[]> {
  const reply = await v2('GET', `/provider/${provider}/order`, { query });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as V2Order[];
}

describe('buy crypto, version 2', () => {
  it('lists providers in the version 2 shape, filtered by providerId, source and target', async () => {
    const reply = await v2('GET', '/provider');
    expect(reply.text).not.toMatch(/"[a-z]+_[a-z_]+":/);
    const all = reply.json as { providerID: number; providerName: string; methods: Record<string, unknown>[] }[];
    expect(all.map((p) => [p.providerID, p.providerName])).toEqual([[1, 'Sandbox Pay'], [2, 'Loopback Ramp']]);
    const card = all[0]?.methods[0];
    expect(card).toMatchObject({ id: 101, name: 'Card', status: 'ACTIVE', type: 'card', logoURL: '', supportedSource: [{ code: 'EUR', displayName: 'EUR' }] });
    expect(card?.description).toEqual(expect.any(String));
    expect(card?.supportedTarget).toContainEqual({ code: 'USDT', displayName: 'USDT', networkCode: 'TRX' });
    expect(card?.transactionLimits).toContainEqual({ currencyCode: 'EUR', targetCode: 'BTC', sourceMin: '20', sourceMax: '5000', networkCode: 'BTC' });
    const second = (await v2('GET', '/provider', { query: 'providerId=2' })).json as { providerID: number }[];
    expect(second.map((p) => p.providerID)).toEqual([2]);
    const ltc = (await v2('GET', '/provider', { query: 'source=EUR&target=LTC' })).json as { providerID: number }[];
    expect(ltc.map((p) => p.providerID)).toEqual([1]);
    expect(failure(await v2('GET', '/provider', { query: 'providerId=x' }))).toEqual([400, 10001, 'providerId']);
    expect((await v2('GET', '/provider', { key: h.key('wdr-only') })).status).toBe(403);
  });

  it('quotes a rate per payment method in the version 2 shape', async () => {
    const reply = await v2('GET', '/provider/1/rate', { query: 'source=EUR&target=BTC&sourceAmount=100' });
    const rate = reply.json as { spotPrice: string; prices: Record<string, unknown>[] };
    expect(new Decimal(rate.spotPrice).gt(0)).toBe(true);
    expect(rate.prices.map((p) => Object.keys(p).sort())).toEqual([101, 102].map(() => ['paymentMethodId', 'sourceAmount', 'sourceCode', 'targetAmount', 'targetCode', 'type']));
    expect(rate.prices.map((p) => [p.paymentMethodId, p.type, p.sourceCode, p.targetCode, p.sourceAmount])).toEqual([[101, 'card', 'EUR', 'BTC', '100.00'], [102, 'bank_transfer', 'EUR', 'BTC', '100.00']]);
    // SEPA's fee is lower than the card's, so it buys more for the same euros.
    expect(new Decimal(rate.prices[1]?.targetAmount as string).gt(new Decimal(rate.prices[0]?.targetAmount as string))).toBe(true);
    const byTarget = (await v2('GET', '/provider/1/rate', { query: 'source=EUR&target=BTC&targetAmount=0.123456789&paymentMethodId=102' })).json as { prices: { paymentMethodId: number; targetAmount: string }[] };
    expect(byTarget.prices.map((p) => [p.paymentMethodId, p.targetAmount])).toEqual([[102, '0.12345678']]);
  });

  it('names the version 2 parameter of a bad rate request', async () => {
    expect(failure(await v2('GET', '/provider/1/rate', { query: 'source=EUR' }))).toEqual([400, 10001, 'target']);
    expect(failure(await v2('GET', '/provider/1/rate', { query: 'source=EUR&target=BTC&sourceAmount=abc' }))).toEqual([400, 10001, 'sourceAmount']);
    expect(failure(await v2('GET', '/provider/1/rate', { query: 'source=EUR&target=BTC&paymentMethodId=201' }))).toEqual([400, 10001, 'paymentMethodId']);
    expect(failure(await v2('GET', '/provider/9/rate', { query: 'source=EUR&target=BTC' }))).toEqual([400, 10001, 'providerId']);
    expect(failure(await v2('GET', '/provider/1/rate', { query: 'source=EUR&target=NOPE' })).slice(0, 2)).toEqual([400, 2002]);
  });

  it('places an order from a JSON body, in the version 2 shape, and version 3 lists the same order', async () => {
    const order = await placed({ target: 'BTC', source: 'EUR', sourceAmount: '150', paymentMethodId: 101 });
    expect(order).toMatchObject({ providerId: 1, orderType: 'buy', sourceCode: 'EUR', targetCode: 'BTC', status: 'initial', paymentMethodId: 101 });
    expect(order.checkoutURL.startsWith(`${h.sandbox.restUrl}/checkout/`)).toBe(true);
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);
    const v3 = (await h.call('GET', '/api/3/buy-crypto/provider/1/order')).json as { id: number; wallet_address: string; checkout_url: string; status: string }[];
    expect(v3.find((o) => o.id === order.id)).toMatchObject({ wallet_address: order.walletAddress, checkout_url: order.checkoutURL, status: 'initial' });
    const address = (await h.call('GET', '/api/3/wallet/crypto/address', { query: 'currency=BTC' })).json as { address: string }[];
    expect(address.map((a) => a.address)).toContain(order.walletAddress);
  });

  it('places a form-encoded order without a payment method: the first method whose limits take the amount', async () => {
    const small = await placed({ target: 'USDT', source: 'EUR', sourceAmount: '30', targetNetworkCode: 'TRX' }, { form: true });
    expect([small.paymentMethodId, small.targetNetworkCode, small.targetCode]).toEqual([101, 'TRX', 'USDT']);
    const large = await placed({ target: 'ETH', source: 'EUR', sourceAmount: '10000' }, { form: true });
    expect(large.paymentMethodId).toBe(102);
    const outside = await v2('POST', '/provider/2/order', { form: true, body: { target: 'ETH', source: 'EUR', sourceAmount: '5' } });
    expect(failure(outside)).toEqual([400, 10001, 'sourceAmount']);
  });

  it('names the version 2 parameter of a bad order and refuses a frozen account\'s key (10021)', async () => {
    const base = { target: 'BTC', source: 'EUR', sourceAmount: '100' };
    expect(failure(await v2('POST', '/provider/1/order', { body: { target: 'BTC', source: 'EUR' } }))).toEqual([400, 10001, 'sourceAmount']);
    expect(failure(await v2('POST', '/provider/1/order', { body: { ...base, targetNetworkCode: 'TRX' } }))).toEqual([400, 10001, 'targetNetworkCode']);
    expect(failure(await v2('POST', '/provider/1/order', { body: { ...base, paymentMethodId: 999 } }))).toEqual([400, 10001, 'paymentMethodId']);
    expect(failure(await v2('POST', '/provider/1/order', { body: { ...base, targetAmount: '-1' } }))).toEqual([400, 10001, 'targetAmount']);
    const frozen = h.accounts.find((a) => a.username === 'sub-epsilon');
    const refused = await v2('POST', '/provider/1/order', { key: frozen?.keys[0] ?? null, body: base });
    expect(failure(refused).slice(0, 2)).toEqual([400, 10021]);
  });

  it('lists orders created through either version between from and till, filtered, and shows the checkout\'s progress', async () => {
    const v3Reply = await h.call('POST', '/api/3/buy-crypto/provider/1/order', { body: { target: 'SOL', source: 'EUR', source_amount: '80', payment_method_id: 101 } });
    const viaV3 = v3Reply.json as { id: number; checkout_url: string };
    const viaV2 = await placed({ target: 'SOL', source: 'EUR', sourceAmount: '90' });
    const sol = await listed(`${aroundNow()}&targetCode=SOL`);
    expect(sol.map((o) => o.id).sort((a, b) => a - b)).toEqual([viaV3.id, viaV2.id]);
    expect(sol.every((o) => o.targetCode === 'SOL' && o.providerId === 1)).toBe(true);
    expect(await listed(`${aroundNow()}&walletAddress=${viaV2.walletAddress}&targetNetworkCode=SOL&sourceCode=EUR`)).toHaveLength(2);
    expect(await listed(`${aroundNow()}&limit=1&offset=1`)).toHaveLength(1);
    expect(await listed(`from=${nowSeconds() + 3600}&till=${nowSeconds() + 7200}`)).toEqual([]);
    expect(failure(await v2('GET', '/provider/1/order', { query: `till=${nowSeconds()}` }))).toEqual([400, 10001, 'from']);
    expect(failure(await v2('GET', '/provider/1/order', { query: `from=${nowSeconds()}` }))).toEqual([400, 10001, 'till']);
    expect(failure(await v2('GET', '/provider/1/order', { query: `${aroundNow()}&limit=5000` }))).toEqual([400, 10001, 'limit']);
    await fetch(`${viaV3.checkout_url}/pay`, { method: 'POST', redirect: 'manual' });
    expect((await listed(`${aroundNow()}&targetCode=SOL`)).find((o) => o.id === viaV3.id)?.status).toBe('in_progress');
  });
});
