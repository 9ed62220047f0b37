// Bulk filled spot orders (one trade each, recorded as the engine records a fill), deterministic
// from a seed, inserted with one prepared statement in one SQLite transaction. The account's spot
// balances move by exactly the net of the inserted trades, once per currency.
import Decimal from '../decimal';
import { CURRENCIES, SYMBOLS, type SymbolDef } from '../catalog';
import type { SandboxContext } from '../context';
import type { SandboxDb } from '../db/open';
import { validationError } from '../http/errors';
import { fillMoney, type FillMoney } from '../spot/fill-money';
import type { NewOrderRow } from '../spot/order-store';
import { formatAmount } from '../wallet/money';
import { Prng } from './prng';

const DAY_MS = 86_400_000;
export const MAX_SEEDED_TRADES = 200_000;
export const TRADABLE_SYMBOLS = SYMBOLS.filter((s) => s.status === 'working');

const ORDER_COLUMNS = [
  'account_id', 'client_order_id', 'symbol', 'side', 'type', 'time_in_force', 'quantity', 'quantity_cumulative', 'price',
  'price_average', 'stop_price', 'expire_time', 'post_only', 'status', 'reserved_currency', 'reserved_amount', 'created_at',
  'updated_at', 'fee', 'taker', 'trade_id',
] as const satisfies readonly (keyof NewOrderRow)[];
const INSERT_ORDER_SQL = `INSERT INTO spot_orders (${ORDER_COLUMNS.join(', ')}) VALUES (${ORDER_COLUMNS.map(() => '?').join(', ')})`;

export interface SeededTrade {
  row: NewOrderRow;
  money: FillMoney;
}

const referenceOf = (code: string): string => CURRENCIES.find((c) => c.code === code)?.referencePriceUsdt ?? '1';
/** Each symbol's price from its currencies' reference prices, worked out once. */
const REFERENCE_PRICES = new Map(SYMBOLS.map((s) => [s.id, new Decimal(referenceOf(s.baseCurrency)).div(referenceOf(s.quoteCurrency))]));

/** The symbol's price from the currencies' reference prices, moved by `drift` (0.03 = +3 %), on the tick. */
export function referencePrice(symbol: SymbolDef, drift: number): Decimal {
  const price = (REFERENCE_PRICES.get(symbol.id) ?? new Decimal(1)).times(1 + Math.round(drift * 1e6) / 1e6);
  return Decimal.max(price.toNearest(symbol.tickSize, Decimal.ROUND_HALF_UP), symbol.tickSize);
}

/** A quantity on the symbol's increment worth about `quoteValue` at `price` (at least one increment). */
export function quantityFor(symbol: SymbolDef, quoteValue: Decimal, price: Decimal): Decimal {
  return Decimal.max(quoteValue.div(price).toNearest(symbol.quantityIncrement, Decimal.ROUND_DOWN), symbol.quantityIncrement);
}

/** One filled order: a taker fills as a market FOK order, a maker as a limit GTC order placed a while before. */
export function seededTrade(prng: Prng, accountId: number, symbol: SymbolDef, side: 'buy' | 'sell', quantity: Decimal, price: Decimal, taker: boolean, filledAt: number): SeededTrade {
  const money = fillMoney(symbol, side, quantity, price, taker ? symbol.takeRate : symbol.makeRate);
  const placedAt = taker ? filledAt : filledAt - prng.int(60_000, 6 * 3_600_000);
  const row: NewOrderRow = {
    account_id: accountId, client_order_id: prng.hex(32), symbol: symbol.id, side, type: taker ? 'market' : 'limit',
    time_in_force: taker ? 'FOK' : 'GTC', quantity: quantity.toFixed(), quantity_cumulative: quantity.toFixed(),
    price: taker ? null : price.toFixed(), price_average: price.toFixed(), stop_price: null, expire_time: null, post_only: 0,
    status: 'filled', reserved_currency: null, reserved_amount: null, created_at: placedAt, updated_at: filledAt,
    fee: formatAmount(money.fee, symbol.feeCurrency), taker: taker ? 1 : 0,
  };
  return { row, money };
}

/** Inserts the rows in order with one prepared statement (the caller holds the transaction), numbering their trades on from the last; returns the first and last trade ids. */
export function insertTradeRows(db: SandboxDb, rows: readonly NewOrderRow[]): { firstId: number; lastId: number } {
  const insert = tradeInserter(db);
  rows.forEach(insert);
  return insert.ids();
}

function tradeInserter(db: SandboxDb): ((row: NewOrderRow) => void) & { ids(): { firstId: number; lastId: number } } {
  const statement = db.prepare(INSERT_ORDER_SQL);
  let nextTradeId = (db.prepare('SELECT COALESCE(MAX(trade_id), 0) + 1 AS next FROM spot_orders').get() as { next: number }).next;
  let firstId = 0;
  let lastId = 0;
  const insert = (row: NewOrderRow): void => {
    const numbered = row.status === 'filled' ? { ...row, trade_id: nextTradeId++ } : row;
    const orderId = Number(statement.run(ORDER_COLUMNS.map((column) => numbered[column] ?? null)).lastInsertRowid);
    lastId = numbered.trade_id ?? orderId;
    if (firstId === 0) firstId = lastId;
  };
  return Object.assign(insert, { ids: () => ({ firstId, lastId }) });
}

export interface BulkTradeOptions {
  accountId: number;
  count: number;
  days: number;
}

export interface BulkTradeResult {
  inserted: number;
  firstId: number;
  lastId: number;
}

/**
 * `count` trades over the last `days` days in round trips: a buy, then a sell of the same quantity
 * priced so the pair never loses quote currency after both fees (base nets to zero, quote to a small
 * gain). An odd last trade is a small buy paid from that gain and the spot balance, or a sell of
 * a base held; the spot balance must allow one. Deterministic from the sandbox seed and the
 * account's number of spot orders so far.
 */
export function seedTrades(ctx: SandboxContext, options: BulkTradeOptions): BulkTradeResult {
  const existing = (ctx.db.prepare('SELECT COUNT(*) AS n FROM spot_orders WHERE account_id = ?').get(options.accountId) as { n: number }).n;
  const prng = new Prng((ctx.seed * 31 + options.accountId * 7919 + existing * 104_729) >>> 0);
  const now = ctx.clock.now();
  const span = options.days * DAY_MS;
  const times = Array.from({ length: options.count }, () => now - 1_000 - Math.floor(prng.next() * span));
  times.sort((a, b) => a - b);
  // Rows are inserted as they are made, so a large count holds no trades in memory.
  return ctx.ledger.run((tx) => {
    const insert = tradeInserter(ctx.db);
    const net = new Map<string, Decimal>();
    const keep = (trade: SeededTrade): void => {
      insert(trade.row);
      addInto(net, trade.money);
    };
    for (let i = 0; i + 1 < times.length; i += 2) roundTrip(prng, options.accountId, times[i] as number, times[i + 1] as number).forEach(keep);
    if (times.length % 2 === 1) keep(loneTrade(ctx, prng, options.accountId, net, times[times.length - 1] as number));
    for (const [currency, delta] of net) if (!delta.isZero()) tx.move(options.accountId, 'spot', currency, delta);
    return { inserted: times.length, ...insert.ids() };
  });
}

function roundTrip(prng: Prng, accountId: number, buyAt: number, sellAt: number): SeededTrade[] {
  const symbol = prng.pick(TRADABLE_SYMBOLS);
  const buyPrice = referencePrice(symbol, (prng.next() - 0.5) * 0.1);
  const quantity = quantityFor(symbol, new Decimal(prng.int(10, 2_000)).div(referenceOf(symbol.quoteCurrency)), buyPrice);
  const buy = seededTrade(prng, accountId, symbol, 'buy', quantity, buyPrice, prng.next() < 0.7, buyAt);
  const sellTaker = prng.next() < 0.7;
  // The sell is priced a little above the buy and at least at what covers the buy's cost and its own
  // fee, then raised by ticks while the fee's rounding still leaves the pair short.
  const cost = quoteNet(symbol, buy).negated();
  const breakEven = cost.div(quantity.times(new Decimal(1).minus(Decimal.max(symbol.takeRate, symbol.makeRate))));
  let sellPrice = Decimal.max(buyPrice.times(1 + prng.next() * 0.02), breakEven).toNearest(symbol.tickSize, Decimal.ROUND_UP);
  let sell = seededTrade(prng, accountId, symbol, 'sell', quantity, sellPrice, sellTaker, sellAt);
  while (quoteNet(symbol, buy, sell).isNegative()) {
    sellPrice = sellPrice.plus(symbol.tickSize);
    sell = repriced(sell, symbol, sellPrice);
  }
  return [buy, sell];
}

function repriced(trade: SeededTrade, symbol: SymbolDef, price: Decimal): SeededTrade {
  const taker = trade.row.taker === 1;
  const money = fillMoney(symbol, trade.row.side, new Decimal(trade.row.quantity), price, taker ? symbol.takeRate : symbol.makeRate);
  return { money, row: { ...trade.row, price: taker ? null : price.toFixed(), price_average: price.toFixed(), fee: formatAmount(money.fee, symbol.feeCurrency) } };
}

function quoteNet(symbol: SymbolDef, ...trades: SeededTrade[]): Decimal {
  return trades.reduce((sum, t) => sum.plus(t.money.deltas.get(symbol.quoteCurrency) ?? 0), new Decimal(0));
}

function addInto(net: Map<string, Decimal>, money: FillMoney): void {
  for (const [currency, delta] of money.deltas) net.set(currency, (net.get(currency) ?? new Decimal(0)).plus(delta));
}

/** The smallest buy or sell the spot balance (plus what the round trips gained) can settle. */
function loneTrade(ctx: SandboxContext, prng: Prng, accountId: number, net: Map<string, Decimal>, at: number): SeededTrade {
  const holds = (currency: string): Decimal => new Decimal(ctx.balances.get(accountId, 'spot', currency)?.available ?? 0).plus(net.get(currency) ?? 0);
  const start = prng.int(0, TRADABLE_SYMBOLS.length - 1);
  for (let k = 0; k < TRADABLE_SYMBOLS.length; k++) {
    const symbol = TRADABLE_SYMBOLS[(start + k) % TRADABLE_SYMBOLS.length] as SymbolDef;
    const price = referencePrice(symbol, (prng.next() - 0.5) * 0.1);
    const quantity = new Decimal(symbol.quantityIncrement);
    for (const side of ['buy', 'sell'] as const) {
      const trade = seededTrade(prng, accountId, symbol, side, quantity, price, true, at);
      if ([...trade.money.deltas].every(([currency, delta]) => !holds(currency).plus(delta).isNegative())) return trade;
    }
  }
  throw validationError('count', 'an odd count ends with one lone trade, and the spot balance cannot pay for one; ask for an even count');
}
