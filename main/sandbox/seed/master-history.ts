// The master's seeded history, made to add up: it starts from nothing, with a funding deposit per
// currency an hour before the 90 days of history and a transfer of part of it to spot, then the
// random wallet history (seed/history.ts) and spot trades over the last 90 days. Replaying it in
// time order, only SUCCESS transactions moving money (deposit +amount; withdrawal −amount −fee;
// WALLET_TO_SPOT and SPOT_TO_WALLET between the sides; conversion legs on the wallet; trades on
// spot), never takes a wallet or spot balance below zero, and the final balances are the replay's
// sums. The funding is sized from a first replay: enough to cover the deepest dip and to end near
// the balances the demo has always shown. A few resting limit orders, far from the price, then
// hold part of the spot balance as reserved.
import Decimal from '../decimal';
import { CURRENCIES, findSymbol, type CurrencyDef } from '../catalog';
import type { SandboxContext } from '../context';
import type { BalanceSide } from '../db/balances';
import type { NewTx } from '../db/transactions';
import { reserveFor } from '../spot/fill-money';
import type { NewOrderRow } from '../spot/order-store';
import { defaultNetwork } from '../catalog';
import { generateAddress } from '../wallet/address-gen';
import { formatAmount } from '../wallet/money';
import { blankTx, generateHistory, uuid } from './history';
import { Prng } from './prng';
import { TRADABLE_SYMBOLS, insertTradeRows, quantityFor, referencePrice, seededTrade, type SeededTrade } from './trades';

const DAY_MS = 86_400_000;
const ZERO = new Decimal(0);
const TRADE_DAYS = 90;
export const MAX_SEEDED_TRADES_OF_MASTER = 1_000;

/** Resting limit orders of the demo: buys at half the reference price, sells at twice it. */
const RESTING_ORDERS: readonly { symbol: string; side: 'buy' | 'sell'; quantity: string }[] = [
  { symbol: 'BTCUSDT', side: 'buy', quantity: '0.05' },
  { symbol: 'ETHUSDT', side: 'buy', quantity: '0.8' },
  { symbol: 'LTCUSDT', side: 'buy', quantity: '4' },
  { symbol: 'SOLUSDT', side: 'sell', quantity: '3' },
  { symbol: 'XRPUSDT', side: 'sell', quantity: '1500' },
  { symbol: 'ETHBTC', side: 'sell', quantity: '0.25' },
];

export interface MasterHistoryOptions {
  accountId: number;
  /** Wallet transactions in all, funding included. */
  transactions: number;
  /** Wallet and spot balances per currency the demo ends near. */
  targets: ReadonlyMap<string, { wallet: Decimal; spot: Decimal }>;
  seed: number;
  nowMs: number;
  openedAt: number;
}

type Sums = Map<string, Decimal>;

/** The master's history worked out in memory: its transactions and trades, and what it ends with. */
export interface MasterHistoryPlan {
  transactions: NewTx[];
  trades: SeededTrade[];
  finals: { currency: string; wallet: Decimal; spot: Decimal }[];
  /** Drawn on by the resting orders, after the history. */
  prng: Prng;
}

/** The history, its trades and balances, deterministic from the options (times move with nowMs, nothing else does). */
export function planMasterHistory(options: MasterHistoryOptions): MasterHistoryPlan {
  const prng = new Prng(options.seed * 7 + 3);
  const funded = CURRENCIES.slice(0, Math.floor(options.transactions / 2));
  const random = [...generateHistory({ accountId: options.accountId, count: options.transactions - funded.length * 2, seed: options.seed, nowMs: options.nowMs })];
  const trades = masterTrades(prng, options.accountId, Math.min(MAX_SEEDED_TRADES_OF_MASTER, Math.floor(options.transactions / 10)), options.nowMs);
  const replay = replayMoves(random, trades);
  const funding: NewTx[] = [];
  const finals: MasterHistoryPlan['finals'] = [];
  funded.forEach((currency, i) => {
    const code = currency.code;
    const target = options.targets.get(code) ?? { wallet: new Decimal(0), spot: new Decimal(0) };
    const spotEnd = replay.end.get(`spot:${code}`) ?? new Decimal(0);
    const walletEnd = replay.end.get(`wallet:${code}`) ?? new Decimal(0);
    const toSpot = Decimal.max(target.spot.minus(spotEnd), (replay.low.get(`spot:${code}`) ?? new Decimal(0)).negated(), 0);
    const deposit = toSpot.plus(Decimal.max(target.wallet.minus(walletEnd), (replay.low.get(`wallet:${code}`) ?? new Decimal(0)).negated(), 0));
    const at = options.openedAt + i * 60_000;
    funding.push(fundingDeposit(prng, options.accountId, currency, deposit, at), fundingTransfer(prng, options.accountId, currency, toSpot, at + 30_000));
    finals.push({ currency: code, wallet: deposit.minus(toSpot).plus(walletEnd), spot: toSpot.plus(spotEnd) });
  });
  return { transactions: [...funding, ...random], trades, finals, prng };
}

/**
 * Writes all of the plan but its wallet transactions (the caller's to insert, before any other
 * transaction): the trades, the resting orders and the balances the history ends with.
 */
export function writeMasterHistoryExceptTransactions(ctx: SandboxContext, options: MasterHistoryOptions, plan: MasterHistoryPlan): void {
  insertTradeRows(ctx.db, plan.trades.map((t) => t.row));
  const reserved = restingOrders(ctx, plan.prng, options.accountId, options.nowMs, new Map(plan.finals.map((f) => [f.currency, f.spot])));
  for (const { currency, wallet, spot } of plan.finals) {
    const held = reserved.get(currency) ?? new Decimal(0);
    ctx.balances.set(options.accountId, 'wallet', currency, formatAmount(wallet, currency), formatAmount(0, currency));
    ctx.balances.set(options.accountId, 'spot', currency, formatAmount(spot.minus(held), currency), formatAmount(held, currency));
  }
  for (const currency of CURRENCIES.slice(plan.finals.length)) {
    for (const side of ['wallet', 'spot'] as const) ctx.balances.set(options.accountId, side, currency.code, formatAmount(0, currency.code), formatAmount(0, currency.code));
  }
}

/** Trades at prices within ±5 % of the reference, worth 20 to 3 000 USDT, seven in ten as taker. */
function masterTrades(prng: Prng, accountId: number, count: number, nowMs: number): SeededTrade[] {
  const times = Array.from({ length: count }, () => nowMs - 120_000 - Math.floor(prng.next() * TRADE_DAYS * DAY_MS)).sort((a, b) => a - b);
  return times.map((at) => {
    const symbol = prng.pick(TRADABLE_SYMBOLS);
    const price = referencePrice(symbol, (prng.next() - 0.5) * 0.1);
    const quoteUsdt = CURRENCIES.find((c) => c.code === symbol.quoteCurrency)?.referencePriceUsdt ?? '1';
    const quantity = quantityFor(symbol, new Decimal(prng.int(20, 3_000)).div(quoteUsdt), price);
    return seededTrade(prng, accountId, symbol, prng.next() < 0.5 ? 'buy' : 'sell', quantity, price, prng.next() < 0.7, at);
  });
}

/**
 * The running sums per `side:currency` in time order: where each ends and its lowest point (0 or
 * below). Both lists come oldest first (generateHistory and masterTrades sort their times), so
 * they are merged as they are read.
 */
function replayMoves(transactions: readonly NewTx[], trades: readonly SeededTrade[]): { end: Sums; low: Sums } {
  const end: Sums = new Map();
  const low: Sums = new Map();
  const add = (side: BalanceSide, currency: string, delta: Decimal): void => {
    const key = `${side}:${currency}`;
    const sum = (end.get(key) ?? ZERO).plus(delta);
    end.set(key, sum);
    if (sum.lt(low.get(key) ?? ZERO)) low.set(key, sum);
  };
  let t = 0;
  for (const tx of transactions) {
    for (; t < trades.length && (trades[t] as SeededTrade).row.updated_at <= tx.created_at; t++) {
      for (const [currency, delta] of (trades[t] as SeededTrade).money.deltas) add('spot', currency, delta);
    }
    if (tx.status !== 'SUCCESS') continue;
    const amount = new Decimal(tx.amount);
    if (tx.type === 'DEPOSIT') add('wallet', tx.currency, amount);
    else if (tx.type === 'WITHDRAW') add('wallet', tx.currency, amount.plus(tx.fee ?? 0).negated());
    else if (tx.type === 'SWAP') add('wallet', tx.currency, tx.operation_type === 'withdraw' ? amount.negated() : amount);
    else if (tx.subtype === 'WALLET_TO_SPOT') { add('wallet', tx.currency, amount.negated()); add('spot', tx.currency, amount); }
    else if (tx.subtype === 'SPOT_TO_WALLET') { add('spot', tx.currency, amount.negated()); add('wallet', tx.currency, amount); }
  }
  for (; t < trades.length; t++) for (const [currency, delta] of (trades[t] as SeededTrade).money.deltas) add('spot', currency, delta);
  return { end, low };
}

function fundingDeposit(prng: Prng, accountId: number, currency: CurrencyDef, amount: Decimal, at: number): NewTx {
  const network = defaultNetwork(currency);
  const common = { ...blankTx(accountId, at, at + 600_000), status: 'SUCCESS' as const, type: 'DEPOSIT' as const, operation_id: uuid(prng), tx_id: uuid(prng), currency: currency.code, amount: formatAmount(amount, currency.code) };
  if (!network) return { ...common, subtype: 'OFFCHAIN', offchain_id: prng.hex(24) };
  return {
    ...common, subtype: 'BLOCKCHAIN', network: network.network, address: generateAddress(network, `funding:${currency.code}`), hash: prng.hex(64),
    confirmations: network.payinConfirmations, required_confirmations: network.payinConfirmations, senders: '[]',
  };
}

function fundingTransfer(prng: Prng, accountId: number, currency: CurrencyDef, amount: Decimal, at: number): NewTx {
  return {
    ...blankTx(accountId, at, at), status: 'SUCCESS', type: 'TRANSFER', subtype: 'WALLET_TO_SPOT', operation_id: uuid(prng), tx_id: uuid(prng),
    currency: currency.code, amount: formatAmount(amount, currency.code),
  };
}

/** The demo's resting limit orders, placed a few days ago, those the spot balance can hold; what they hold back, per currency. */
function restingOrders(ctx: SandboxContext, prng: Prng, accountId: number, nowMs: number, spot: Sums): Sums {
  const held: Sums = new Map();
  const rows: NewOrderRow[] = RESTING_ORDERS.flatMap((order, i) => {
    const symbol = findSymbol(order.symbol);
    if (!symbol) return [];
    const price = referencePrice(symbol, order.side === 'buy' ? -0.5 : 1);
    const [currency, amount] = reserveFor(symbol, order.side, new Decimal(order.quantity), price);
    const reserved = formatAmount(amount, currency);
    const holding = (held.get(currency) ?? new Decimal(0)).plus(reserved);
    if (holding.gt(spot.get(currency) ?? 0)) return [];
    held.set(currency, holding);
    const at = nowMs - (i + 1) * 37 * 3_600_000;
    return [{
      account_id: accountId, client_order_id: `demo-${order.side}-${symbol.id.toLowerCase()}-${prng.hex(6)}`, symbol: symbol.id, side: order.side,
      type: 'limit', time_in_force: 'GTC', quantity: order.quantity, quantity_cumulative: '0', price: price.toFixed(), price_average: null,
      stop_price: null, expire_time: null, post_only: 0, status: 'new', reserved_currency: currency, reserved_amount: reserved,
      created_at: at, updated_at: at, fee: null, taker: null,
    }];
  });
  insertTradeRows(ctx.db, rows);
  return held;
}
