// What a fill moves: exactly the legs of its trade record (quantity × price, the reported fee, a
// maker rebate credited), catalog ticks that keep quantity × price within the quote's decimals,
// suspended symbols refusing orders, and how long order history keeps orders without executions.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, startHarness, type Harness, type Reply } from './harness';
import { allTrades, difference, nonZero, spotTotals, symbolInfo, tradeLegs } from './trade-legs';

let h: Harness;
interface Order { client_order_id: string; status: string; price_average?: string; symbol: string }

async function place(body: Record<string, unknown>): Promise<Order> {
  const reply = await h.call('POST', '/api/3/spot/order', { body });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as Order;
}

/** Rests a buy and a sell a few ticks either side of the price and advances the clock until both fill as makers. */
async function makerPair(symbol: string, quantity: string, ticks: number): Promise<void> {
  const tick = new Decimal(((await h.call('GET', `/api/3/public/symbol/${symbol}`, { key: null })).json as { tick_size: string }).tick_size);
  const price = new Decimal((await place({ symbol, side: 'buy', quantity })).price_average ?? 0);
  const ids = [`maker-buy-${symbol}`, `maker-sell-${symbol}`];
  await place({ client_order_id: ids[0], symbol, side: 'buy', quantity, price: price.minus(tick.times(ticks)).toFixed() });
  await place({ client_order_id: ids[1], symbol, side: 'sell', quantity, price: price.plus(tick.times(ticks)).toFixed() });
  // The price wanders for days at a time (a stable coin drifts a tick or two): up to 500 hours.
  for (let step = 0; step < 3_000; step++) {
    const active = (await h.call('GET', '/api/3/spot/order', { query: `symbol=${symbol}` })).json as Order[];
    if (!active.some((o) => ids.includes(o.client_order_id))) return;
    await h.control('POST', '/sandbox/clock/advance', { ms: 600_000 });
  }
  throw new Error(`the ${symbol} maker orders did not fill`);
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('fill money', () => {
  it('keeps every working symbol\'s quantity_increment × tick_size within its quote currency\'s decimals', async () => {
    const symbols = (await h.call('GET', '/api/3/public/symbol', { key: null })).json as Record<string, { quote_currency: string; quantity_increment: string; tick_size: string; status: string }>;
    const currencies = (await h.call('GET', '/api/3/public/currency', { key: null })).json as Record<string, { precision_transfer: string }>;
    for (const [id, s] of Object.entries(symbols)) {
      if (s.status !== 'working') continue;
      const places = new Decimal(s.quantity_increment).times(s.tick_size).decimalPlaces();
      expect(places, id).toBeLessThanOrEqual(new Decimal(currencies[s.quote_currency]?.precision_transfer ?? '1').decimalPlaces());
    }
  });

  it('moves each spot balance by exactly the legs of the trades reported, takers and makers, buys and sells', async () => {
    const before = await spotTotals(h);
    await place({ symbol: 'BTCUSDT', side: 'buy', quantity: '0.01237' });
    await place({ symbol: 'BTCUSDT', side: 'sell', quantity: '0.00913' });
    await place({ symbol: 'ETHBTC', side: 'sell', quantity: '0.137' });
    await place({ symbol: 'XRPUSDT', side: 'sell', quantity: '333' });
    await makerPair('ETHUSDT', '0.1234', 3);
    const trades = await allTrades(h);
    expect(new Set(trades.map((t) => t.taker))).toEqual(new Set([true, false]));
    expect(new Set(trades.map((t) => t.side))).toEqual(new Set(['buy', 'sell']));
    expect(difference(await spotTotals(h), before)).toEqual(nonZero(tradeLegs(trades, await symbolInfo(h))));
  });

  it('credits a maker rebate on a symbol with a negative make_rate, reporting the fee negative', async () => {
    const usdc = (await symbolInfo(h)).USDCUSDT;
    expect(new Decimal(usdc?.make_rate ?? 0).isNegative()).toBe(true);
    const before = await spotTotals(h);
    const since = (await allTrades(h)).length;
    await makerPair('USDCUSDT', '1000', 1);
    const trades = (await allTrades(h)).slice(since);
    const makers = trades.filter((t) => !t.taker);
    expect(makers).toHaveLength(2);
    for (const t of makers) expect(new Decimal(t.fee).isNegative(), t.fee).toBe(true);
    expect(difference(await spotTotals(h), before)).toEqual(nonZero(tradeLegs(trades, await symbolInfo(h))));
  });
});

describe('trade ids', () => {
  it('numbers trades as they execute, so a resting order that fills late lists after the trades made meanwhile', async () => {
    const symbol = 'ETHUSDT';
    const tick = new Decimal((await symbolInfo(h))[symbol]?.tick_size ?? '0.01');
    const price = new Decimal((await place({ symbol, side: 'buy', quantity: '0.01' })).price_average ?? 0);
    const resting = await h.call('POST', '/api/3/spot/order', { body: { client_order_id: 'late-maker-1', symbol, side: 'sell', quantity: '0.01', price: price.plus(tick.times(2)).toFixed() } });
    const restingId = (resting.json as { id: number }).id;
    const market = (await h.call('POST', '/api/3/spot/order', { body: { symbol: 'BTCUSDT', side: 'buy', quantity: '0.0001' } })).json as { id: number };
    expect(market.id).toBeGreaterThan(restingId);
    const marketTrade = (await allTrades(h)).find((t) => t.order_id === market.id);
    for (let step = 0; step < 600; step++) {
      const active = (await h.call('GET', '/api/3/spot/order', { query: `symbol=${symbol}` })).json as Order[];
      if (!active.some((o) => o.client_order_id === 'late-maker-1')) break;
      await h.control('POST', '/sandbox/clock/advance', { ms: 600_000 });
    }
    const after = (await h.call('GET', '/api/3/spot/history/trade', { query: `by=id&sort=ASC&from=${(marketTrade?.id ?? 0) + 1}` })).json as { id: number; order_id: number }[];
    expect(after.map((t) => t.order_id)).toContain(restingId);
    expect(after.find((t) => t.order_id === restingId)?.id).toBeGreaterThan(marketTrade?.id ?? Infinity);
  });
});

describe('suspended symbols', () => {
  it('lists BTCEUR as suspended and refuses its orders with 400 naming the symbol', async () => {
    expect((await symbolInfo(h)).BTCEUR?.status).toBe('suspended');
    const refused: Reply[] = [
      await h.call('POST', '/api/3/spot/order', { body: { symbol: 'BTCEUR', side: 'buy', quantity: '0.001' } }),
      await h.call('POST', '/api/3/spot/order', { body: { symbol: 'BTCEUR', side: 'sell', quantity: '0.001', price: '90000' } }),
      await h.call('POST', '/api/2/order', { auth: 'basic', body: { symbol: 'BTCEUR', side: 'buy', quantity: '0.001', type: 'market' } }),
    ];
    for (const reply of refused) {
      expect([reply.status, errorCode(reply)]).toEqual([400, 10001]);
      expect(errorDescription(reply)).toMatch(/BTCEUR is suspended/);
    }
  });
});

describe('order history retention', () => {
  it('drops an order without executions 24 h after it went inactive, and keeps filled ones', async () => {
    await place({ client_order_id: 'retention-rest', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', price: '1000' });
    await h.control('POST', '/sandbox/clock/advance', { ms: 3 * 86_400_000 });
    const seen = async (cid: string): Promise<string[]> =>
      ((await h.call('GET', '/api/3/spot/history/order', { query: `client_order_id=${cid}` })).json as Order[]).map((o) => o.status);
    expect(await seen('retention-rest')).toEqual(['new']);
    await h.call('DELETE', '/api/3/spot/order/retention-rest');
    const filled = await place({ client_order_id: 'retention-fill', symbol: 'BTCUSDT', side: 'buy', quantity: '0.001' });
    await h.control('POST', '/sandbox/clock/advance', { ms: 86_400_000 - 60_000 });
    expect(await seen('retention-rest')).toEqual(['canceled']);
    await h.control('POST', '/sandbox/clock/advance', { ms: 120_000 });
    expect(await seen('retention-rest')).toEqual([]);
    expect(await seen(filled.client_order_id)).toEqual(['filled']);
    const v2 = (await h.call('GET', '/api/2/history/order', { auth: 'basic', query: 'clientOrderId=retention-fill' })).json as { status: string }[];
    expect(v2.map((o) => o.status)).toEqual(['filled']);
  });
});
