// Spot trades in the history store against a real sandbox over real sockets: market orders placed
// over signed REST come back as their legs (ids, amounts and Σ per currency exactly as the
// service's trade list says), a trade the sync is told of is read at once, a trade on a symbol
// the list does not name is kept out and said, and a long trade history survives a kill midway:
// resumed from its cursor, no trade twice, none missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { HistoryEntry, HistorySyncStatus } from '../../../preload/contract/history';
import { waitForEmitted } from '../support/sandbox-support';
import { startHistoryHarness, waitForSync, type Harness, type ServiceTrade } from './harness';

const MASTER = 'master@sandbox.test';
let h: Harness;
let symbols: Map<string, { base: string; quote: string; fee: string }>;

beforeAll(async () => {
  h = await startHistoryHarness();
  const list = await h.truth<Record<string, { base_currency: string; quote_currency: string; fee_currency: string }>>(MASTER, '/api/3/public/symbol');
  symbols = new Map(Object.entries(list).map(([id, s]) => [id, { base: s.base_currency, quote: s.quote_currency, fee: s.fee_currency }]));
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const placeMarket = (email: string, symbol: string, side: 'buy' | 'sell', quantity: string) =>
  h.truth(email, '/api/3/spot/order', { method: 'POST', body: { symbol, side, type: 'market', quantity } });

/** Σ per currency of what the trades moved, worked out here from the service's own list. */
function serviceMoved(trades: readonly ServiceTrade[]): Map<string, string> {
  const sums = new Map<string, Decimal>();
  const add = (currency: string, amount: Decimal) => sums.set(currency, (sums.get(currency) ?? new Decimal(0)).plus(amount));
  for (const trade of trades) {
    const symbol = symbols.get(trade.symbol);
    if (symbol === undefined) throw new Error(`no symbol ${trade.symbol}`);
    const notional = new Decimal(trade.quantity).times(trade.price);
    const sign = trade.side === 'buy' ? 1 : -1;
    add(symbol.base, new Decimal(trade.quantity).times(sign));
    add(symbol.quote, notional.times(-sign));
    add(symbol.fee, new Decimal(trade.fee).negated());
  }
  return new Map([...sums].map(([currency, sum]) => [currency, sum.toFixed()]));
}

/** Σ per currency of the stored trade legs (in +, out −). */
function storedMoved(entries: readonly HistoryEntry[]): Map<string, string> {
  const sums = new Map<string, Decimal>();
  for (const entry of entries) {
    if (entry.type !== 'TRADE') continue;
    sums.set(entry.currency, (sums.get(entry.currency) ?? new Decimal(0)).plus(entry.direction === 'in' ? entry.amount : `-${entry.amount}`));
  }
  return new Map([...sums].map(([currency, sum]) => [currency, sum.toFixed()]));
}

/** The trade ids the stored legs name, each once, with the legs each trade must have. */
function storedTradeIds(entries: readonly HistoryEntry[], trades: readonly ServiceTrade[]): string[] {
  const legs = entries.filter((entry) => entry.type === 'TRADE');
  expect(new Set(legs.map((leg) => leg.id)).size).toBe(legs.length);
  const fees = trades.filter((trade) => !new Decimal(trade.fee).isZero()).length;
  expect(legs).toHaveLength(2 * trades.length + fees);
  return [...new Set(legs.map((leg) => leg.txId as string))];
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('spot trades in the history store', () => {
  it('stores every trade as its legs: the service\'s ids, and Σ per currency exactly what its trade list says', async () => {
    await placeMarket(MASTER, 'BTCUSDT', 'buy', '0.00123');
    await placeMarket(MASTER, 'ETHUSDT', 'sell', '0.0105');
    await placeMarket(MASTER, 'ETHBTC', 'buy', '0.012');
    const desk = await h.openDesk(MASTER, { live: false });
    await waitForSync(desk, (status) => status.phase === 'live', 30_000);
    const trades = await h.serviceTrades(MASTER);
    expect(trades).toHaveLength(3);
    const stored = desk.stored();
    expect(storedTradeIds(stored, trades)).toEqual(trades.map((trade) => String(trade.id)));
    expect(storedMoved(stored)).toEqual(serviceMoved(trades));
    const buy = stored.find((entry) => entry.id === `trade-${trades[0]?.id}-in`);
    expect(buy).toMatchObject({ currency: 'BTC', amount: '0.00123', direction: 'in', subtype: 'SPOT_BUY', operationId: `trade-${trades[0]?.id}` });
    expect(buy?.comment).toBe(`buy 0.00123 BTCUSDT at ${new Decimal(trades[0]?.price ?? '').toFixed()}`);
    // The page's totals of the trades are the same sums, and the status counts them apart from the transactions.
    const summary = unwrap(await desk.core.handlers.historySummary({ filter: { types: ['TRADE'] } }));
    expect(new Map(summary.totals.map((t) => [t.currency, t.net]))).toEqual(serviceMoved(trades));
    const status = unwrap(await desk.core.handlers.historySyncStatus());
    expect(status).toMatchObject({ phase: 'live', trades: 3, leftOut: null });
    expect(status.stored).toBe(stored.length - summary.total);
    expect(desk.cursors()).toMatchObject({ trade_cursor: String(trades.at(-1)?.id), trades_done: 1 });

    // A trade made now comes with the next pass; the cursor moves on from the last one.
    await placeMarket(MASTER, 'BTCUSDT', 'sell', '0.001');
    unwrap(await desk.core.handlers.syncHistoryNow());
    await waitForSync(desk, (s) => s.phase === 'live' && s.trades === 4, 15_000, desk.events.length - 1);
    const after = await h.serviceTrades(MASTER);
    expect(storedMoved(desk.stored())).toEqual(serviceMoved(after));
    desk.close();
  });

  it('keeps a trade on a symbol the list does not name out of the store, says so, and stores it once the symbol is listed again', async () => {
    const email = 'bob@sandbox.test';
    await placeMarket(email, 'ETHUSDT', 'buy', '0.01');
    await placeMarket(email, 'BTCUSDT', 'buy', '0.0002');
    const hidden = new Set(['ETHUSDT']);
    const desk = await h.openDesk(email, { live: false, hiddenSymbols: hidden });
    await waitForSync(desk, (status) => status.phase === 'live', 30_000);
    const trades = await h.serviceTrades(email);
    const [eth, btc] = trades;
    let status = unwrap(await desk.core.handlers.historySyncStatus());
    expect(status.trades).toBe(1);
    expect(status.leftOut).toBe('1 spot trade left out of the history: the service\'s symbol list does not name ETHUSDT, so what it moved is not known. Coffer tries again at every sync.');
    // Nothing guessed: no leg of the ETH trade; the BTC trade after it is stored, and the cursor is past both.
    expect(desk.stored().filter((entry) => entry.type === 'TRADE').map((entry) => entry.txId)).toEqual([String(btc?.id), String(btc?.id), String(btc?.id)]);
    expect(desk.cursors().trade_cursor).toBe(String(btc?.id));

    hidden.clear();
    const from = desk.events.length;
    unwrap(await desk.core.handlers.syncHistoryNow());
    await waitForSync(desk, (s) => s.phase === 'live', 15_000, from);
    status = unwrap(await desk.core.handlers.historySyncStatus());
    expect(status).toMatchObject({ trades: 2, leftOut: null });
    expect(storedMoved(desk.stored())).toEqual(serviceMoved([eth as ServiceTrade, btc as ServiceTrade]));
    desk.close();
  });

  it('reads a reported trade at once, one pass for any number of reports that come while one runs', async () => {
    const email = 'alice@sandbox.test';
    const desk = await h.openDesk(email, { live: false });
    await waitForSync(desk, (status) => status.phase === 'live', 30_000);
    const history = (await desk.core.scope()).history;
    if (history === null) throw new Error('no history');
    await placeMarket(email, 'BTCUSDT', 'buy', '0.0003');
    const sent = desk.tradeRequests();
    const from = desk.events.length;
    for (let report = 0; report < 5; report += 1) history.tradesReported();
    await waitForEmitted(desk.events, 'historyChanged', () => true, 10_000, from);
    await waitForSync(desk, (s) => s.phase === 'live' && s.trades === 1, 10_000, from);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The pass the first report started, and one after it for the four that came while it ran: a page each.
    expect(desk.tradeRequests() - sent).toBe(2);
    expect(storedMoved(desk.stored())).toEqual(serviceMoved(await h.serviceTrades(email)));
    desk.close();
  });

  it('stores the same legs through version 2\'s trade history', async () => {
    const email = 'alice@sandbox.test';
    await placeMarket(email, 'ETHBTC', 'sell', '0.011');
    const desk = await h.openDesk(email, { live: false, apiVersion: '2' });
    await waitForSync(desk, (status) => status.phase === 'live', 30_000);
    const trades = await h.serviceTrades(email);
    expect(trades.length).toBeGreaterThanOrEqual(2);
    const stored = desk.stored();
    expect(storedTradeIds(stored, trades)).toEqual(trades.map((trade) => String(trade.id)));
    expect(storedMoved(stored)).toEqual(serviceMoved(trades));
    expect(desk.tradeRequests()).toBeGreaterThan(0);
    desk.close();
  });

  it('syncs the transactions on when the key may not read trades, and says the trades are not read', async () => {
    const email = 'sub-beta@sandbox.test';
    await placeMarket(email, 'BTCUSDT', 'buy', '0.0002');
    await h.control('POST', '/sandbox/keys', { account: email, rights: ['PAY'], label: 'pay-only' });
    const desk = await h.openDesk(email, { live: false, keyLabel: 'pay-only' });
    const live = await waitForSync(desk, (status) => status.phase === 'live' || status.phase === 'paused', 30_000);
    expect(live.status).toMatchObject({ phase: 'live', lastError: null, trades: 0 });
    expect(live.status.leftOut).toMatch(/^Spot trades are not in the history: this API key may not read the trade history/);
    expect(live.status.stored).toBe((await h.serviceHistory(email)).length);
    expect(desk.cursors()).toMatchObject({ initial_done: 1, trade_cursor: null });
    desk.close();
  });

  it('syncs 100,000 trades, resumed after a kill midway: no trade twice, none missing, Σ per currency as the service lists them', async () => {
    const email = 'sub-alpha@sandbox.test';
    const accounts = (await h.control('GET', '/sandbox/accounts')) as Array<{ id: number; email: string }>;
    const accountId = accounts.find((a) => a.email === email)?.id;
    const seeded = (await h.control('POST', '/sandbox/seed-trades', { count: 100_000, accountId, days: 30 })) as { inserted: number };
    expect(seeded.inserted).toBe(100_000);
    // Slow pages, so the first read is still running when the desk is killed.
    await h.control('POST', '/sandbox/faults', { path: '/api/3/spot/history/trade', latency_ms: 150 });
    const started = Date.now();
    const first = await h.openDesk(email, { live: false });
    await waitForEmitted(first.events, 'historySyncProgress', (p: { status: HistorySyncStatus }) => (p.status.trades ?? 0) >= 3_000, 60_000, 0);
    first.close();
    await h.control('DELETE', '/sandbox/faults');
    const killed = first.cursors();
    const legsAtKill = first.stored().filter((entry) => entry.type === 'TRADE');
    const idsAtKill = new Set(legsAtKill.map((leg) => Number(leg.txId)));
    expect(killed.trades_done).toBe(0);
    expect(idsAtKill.size).toBeGreaterThanOrEqual(3_000);
    expect(idsAtKill.size).toBeLessThan(100_000);
    // The cursor is the highest trade stored: the page and its cursor were written together.
    expect(killed.trade_cursor).toBe(String(Math.max(...idsAtKill)));

    const again = await h.openDesk(email, { dataDir: first.dataDir, live: false });
    await waitForSync(again, (status) => status.phase === 'live', 90_000);
    const elapsedMs = Date.now() - started;
    // The pages after the cursor only (and up to three in flight past the end, and the newest trade's read).
    expect(again.tradeRequests()).toBeLessThanOrEqual(Math.ceil((100_000 - idsAtKill.size) / 1_000) + 3 + 1);
    const trades = await h.serviceTrades(email);
    expect(trades).toHaveLength(100_000);
    const stored = again.stored();
    const ids = storedTradeIds(stored, trades).map(Number).sort((a, b) => a - b);
    expect(ids).toEqual(trades.map((trade) => trade.id));
    expect(storedMoved(stored)).toEqual(serviceMoved(trades));
    expect(unwrap(await again.core.handlers.historySyncStatus())).toMatchObject({ phase: 'live', trades: 100_000, leftOut: null });
    expect(again.cursors()).toMatchObject({ trade_cursor: String(trades.at(-1)?.id), trades_done: 1 });
    console.info(`100,000 trades synced (killed at ${idsAtKill.size}, resumed) in ${(elapsedMs / 1_000).toFixed(1)} s`);
    again.close();
  }, 150_000);
});
