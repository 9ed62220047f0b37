// Buy orders against the sandbox: created once at a reviewed quote (the wallet's own address, the
// checkout page admitted by the link policy), refused without a request when the quote is stale,
// for other terms or no longer stands; a lost answer settled by the ledger with one order at the
// service; and orders followed until the coins arrive (or the checkout expires).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { BuyOrderInput, BuyQuoteRow } from '../../../preload/contract';
import type { BuyCryptoApi } from '../../../main/core/buycrypto/service';
import { failure, sent, startHarness, unwrap, updatesOf, waitForUpdate, type Harness } from './harness';

const ORDER = '/api/3/buy-crypto/provider/1/order';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

interface ServiceOrder { id: number; status: string; source_amount: string }

async function quoteRow(methodId: string, amount: string, target = 'BTC', service = h.scope.buyCrypto): Promise<BuyQuoteRow> {
  const board = await service.quote({ source: 'EUR', target, side: 'pay', amount });
  const row = board.rows.find((r) => r.methodId === methodId);
  if (row?.quoteId === null || row === undefined) throw new Error(`no quote for ${methodId}: ${row?.problem ?? 'no row'}`);
  return row;
}

const inputOf = (row: BuyQuoteRow, target = 'BTC'): BuyOrderInput => ({
  quote: row.quoteId ?? '', providerId: row.providerId, methodId: row.methodId, source: 'EUR', target, network: row.network ?? '', amount: row.pay ?? '',
});

async function serviceOrders(): Promise<ServiceOrder[]> {
  return h.truth<ServiceOrder[]>(`${ORDER}?limit=1000`);
}

async function walletBtc(): Promise<Decimal> {
  return new Decimal((await h.truth<{ available: string }>('/api/3/wallet/balance/BTC')).available);
}

describe('createBuyOrder', () => {
  it('creates the order at the wallet\'s own BTC address, audited, its checkout page admitted', async () => {
    const row = await quoteRow('101', '120');
    const result = unwrap(await h.handlers.createBuyOrder(inputOf(row)));
    if (result.state !== 'done') throw new Error(`not done: ${result.reason}`);
    const { order } = result;
    const addresses = await h.truth<unknown>('/api/3/wallet/crypto/address?currency=BTC');
    const own = (Array.isArray(addresses) ? addresses[0] : addresses) as { address: string };
    expect(order).toMatchObject({ status: 'initial', open: true, source: 'EUR', target: 'BTC', network: 'BTC', pay: '120', methodName: 'Card', walletAddress: own.address });
    expect(new Decimal(order.receive ?? 0).gte(new Decimal(row.receive ?? 0).times(0.99))).toBe(true);
    expect(h.links.admits(new URL(order.checkoutUrl ?? ''))).toBe(true);
    expect(h.links.admits(new URL(`${h.sandbox.restUrl}/api/3/wallet/balance`))).toBe(false);
    const audit = h.audit.all({}).filter((e) => e.action === 'buyCryptoOrder');
    expect(audit.map((e) => [e.phase, e.outcome])).toEqual([['attempt', 'sent'], ['result', 'ok']]);
    expect(audit[1]?.txId).toBe(order.id);
  });

  it('refuses a stale quote on `quote` without sending the order', async () => {
    let clock = Date.now();
    const service = h.service({ now: () => clock });
    const row = await quoteRow('101', '60', 'BTC', service);
    clock += 61_000;
    const before = sent(h, 'POST', ORDER);
    await expect(service.create(inputOf(row))).rejects.toMatchObject({ field: 'quote', message: 'The quote is 61 s old; refresh it' });
    expect(sent(h, 'POST', ORDER)).toBe(before);
  });

  it('refuses terms other than the quote\'s (amount, method, network) and an unknown quote, sending nothing', async () => {
    const row = await quoteRow('101', '60');
    const usdt = await quoteRow('101', '60', 'USDT');
    const before = sent(h, 'POST', ORDER);
    const rates = h.rateAsks.length;
    expect(failure(await h.handlers.createBuyOrder({ ...inputOf(row), amount: '61' })).field).toBe('quote');
    expect(failure(await h.handlers.createBuyOrder({ ...inputOf(row), methodId: '102' })).field).toBe('quote');
    expect(failure(await h.handlers.createBuyOrder({ ...inputOf(row), quote: 'not-a-quote' }))).toMatchObject({ field: 'quote', message: 'Get a quote first' });
    expect(failure(await h.handlers.createBuyOrder({ ...inputOf(usdt, 'USDT'), network: 'SOL' })).field).toBe('quote');
    expect(sent(h, 'POST', ORDER)).toBe(before);
    expect(h.rateAsks.length).toBe(rates);
  });

  it('asks the method again and refuses when what arrives fell by more than 1 %, creating nothing', async () => {
    let asks = 0;
    // What the re-quote said arrives: the market moves between the two asks, so the expected
    // message is built from the lowered answer itself, not from the first quote.
    const lowered: string[] = [];
    const lower: BuyCryptoApi = {
      ...h.api,
      buyCryptoRate: async (query) => {
        const rate = await h.api.buyCryptoRate(query);
        asks += 1;
        if (asks < 2) return rate;
        // The second ask (the re-quote before the order) brings 2 % less.
        const prices = rate.prices.map((p) => ({ ...p, targetAmount: p.targetAmount.times(0.98).toDecimalPlaces(8) }));
        lowered.push(...prices.filter((p) => p.paymentMethodId === '101').map((p) => p.targetAmount.toFixed()));
        return { ...rate, prices };
      },
    };
    const service = h.service({ api: lower });
    const row = await quoteRow('101', '60', 'BTC', service);
    const ordersBefore = (await serviceOrders()).length;
    const error: unknown = await service.create(inputOf(row)).catch((e: unknown) => e);
    expect(error).toMatchObject({ field: 'quote' });
    expect(lowered).toHaveLength(1);
    const fell = lowered[0] ?? '';
    expect(new Decimal(fell).lessThan(new Decimal(row.receive ?? 0).times(0.99))).toBe(true);
    expect((error as Error).message).toBe(`60 EUR now brings ${fell} BTC instead of ${row.receive ?? ''}; review the new quote`);
    expect((await serviceOrders()).length).toBe(ordersBefore);
  });

  it('a lost answer comes back uncertain; the ledger finds the one order the service made', async () => {
    await h.control('POST', '/sandbox/faults', { path: ORDER, method: 'POST', status: 504, code: 504, count: 1, after: true });
    const row = await quoteRow('102', '75');
    const before = await serviceOrders();
    const result = unwrap(await h.handlers.createBuyOrder(inputOf(row)));
    if (result.state !== 'uncertain') throw new Error('expected the answer to be lost');
    expect(result.reason).toContain('do not repeat it');
    const deadline = Date.now() + 8_000;
    let move = h.scope.ledger.byId(result.moveId);
    while (move?.state === 'uncertain' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      move = h.scope.ledger.byId(result.moveId);
    }
    const after = await serviceOrders();
    const made = after.filter((o) => !before.some((b) => b.id === o.id));
    expect(made.map((o) => o.source_amount)).toEqual(['75.00']);
    expect(move).toMatchObject({ state: 'found', txIds: [String(made[0]?.id)] });
  });
});

describe('following orders', () => {
  it('announces the payment, then the arrival once, with the deposit under the order\'s operation id', async () => {
    unwrap(await h.handlers.listBuyOrders());
    const balanceBefore = await walletBtc();
    const created = unwrap(await h.handlers.createBuyOrder(inputOf(await quoteRow('201', '90'))));
    if (created.state !== 'done') throw new Error('not done');
    const { order } = created;
    const paid = await fetch(`${order.checkoutUrl ?? ''}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await waitForUpdate(h, (u) => u.order.id === order.id && u.order.status === 'in_progress');
    await h.control('POST', '/sandbox/clock/advance', { ms: 31_000 });
    const arrived = await waitForUpdate(h, (u) => u.order.id === order.id && u.arrived);
    expect(arrived.order).toMatchObject({ status: 'completed', statusText: 'Completed: the coins arrived', open: false });
    expect(arrived.order.deposit).toMatchObject({ matchedBy: 'operationId', currency: 'BTC', amount: order.receive });
    expect((await walletBtc()).minus(balanceBefore).toFixed()).toBe(new Decimal(order.receive ?? 0).toFixed());
    // Nothing more to follow: no second arrival, however long.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(updatesOf(h, order.id).filter((u) => u.arrived)).toHaveLength(1);
    const listed = unwrap(await h.handlers.listBuyOrders()).orders.find((o) => o.id === order.id);
    expect(listed?.deposit?.transactionId).toBe(arrived.order.deposit?.transactionId);
  });

  it('announces an abandoned checkout as expired, in words', async () => {
    const created = unwrap(await h.handlers.createBuyOrder(inputOf(await quoteRow('101', '40', 'ETH'), 'ETH')));
    if (created.state !== 'done') throw new Error('not done');
    await fetch(`${created.order.checkoutUrl ?? ''}/abandon`, { method: 'POST', redirect: 'manual' });
    const expired = await waitForUpdate(h, (u) => u.order.id === created.order.id && u.order.status === 'expired');
    expect(expired).toMatchObject({ arrived: false, order: { statusText: 'Expired: the checkout was not paid in time', open: false, deposit: null } });
  });

  it('lists every provider\'s orders newest first, without announcing the ones already finished', async () => {
    const events = h.events.length;
    const list = unwrap(await h.handlers.listBuyOrders());
    expect(list.unreadable).toEqual([]);
    expect(new Set(list.orders.map((o) => o.providerName))).toEqual(new Set(['Sandbox Pay', 'Loopback Ramp']));
    const times = list.orders.map((o) => Date.parse(o.createdAt ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(h.events.slice(events).filter((e) => e.event === 'buyOrderUpdated')).toEqual([]);
  });
});
