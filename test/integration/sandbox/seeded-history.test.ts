// The master's seeded world adds up: replaying its whole wallet history and trade history from
// zero gives exactly today's wallet and spot balances (available + reserved) per currency, and no
// balance dips below zero at the end of any day. Resting orders hold part of the spot balance.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { allTrades, symbolInfo, tradeLegs } from './trade-legs';

interface Tx { id: number; status: string; type: string; subtype: string; created_at: string; native: { currency: string; amount: string; fee?: string; operation_type?: string } }
interface Move { at: number; side: 'wallet' | 'spot'; currency: string; delta: Decimal }
const DAY_MS = 86_400_000;

let h: Harness;
let seedMs = 0;

beforeAll(async () => {
  const started = Date.now();
  h = await startHarness({ lightSeed: false, seed: 11 });
  seedMs = Date.now() - started;
});
afterAll(async () => {
  await h.close();
});

async function allTransactions(): Promise<Tx[]> {
  const all: Tx[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = (await h.call('GET', '/api/3/wallet/transactions', { query: `sort=ASC&order_by=created_at&limit=1000&offset=${offset}` })).json as Tx[];
    all.push(...page);
    if (page.length < 1000) return all;
  }
}

/** The tests' reading of what a settled transaction moved (only SUCCESS counts). */
function transactionMoves(tx: Tx): Move[] {
  if (tx.status !== 'SUCCESS') return [];
  const at = Date.parse(tx.created_at);
  const amount = new Decimal(tx.native.amount);
  const move = (side: Move['side'], delta: Decimal): Move => ({ at, side, currency: tx.native.currency, delta });
  switch (tx.type) {
    case 'DEPOSIT': return [move('wallet', amount)];
    case 'WITHDRAW': return [move('wallet', amount.plus(tx.native.fee ?? 0).negated())];
    case 'SWAP': return [move('wallet', tx.native.operation_type === 'withdraw' ? amount.negated() : amount)];
    case 'TRANSFER':
      if (tx.subtype === 'WALLET_TO_SPOT') return [move('wallet', amount.negated()), move('spot', amount)];
      if (tx.subtype === 'SPOT_TO_WALLET') return [move('spot', amount.negated()), move('wallet', amount)];
      throw new Error(`unexpected transfer ${tx.subtype}`);
    default: throw new Error(`unexpected type ${tx.type}`);
  }
}

async function balances(side: 'wallet' | 'spot'): Promise<Map<string, string>> {
  const rows = (await h.call('GET', `/api/3/${side}/balance`)).json as { currency: string; available: string; reserved: string }[];
  return new Map(rows.map((r) => [r.currency, new Decimal(r.available).plus(r.reserved).toFixed()]));
}

describe('the master\'s seeded history', () => {
  it('replays from zero to exactly today\'s wallet and spot balances, never below zero at a day\'s end', async () => {
    console.log(`seeded sandbox started in ${seedMs} ms`);
    const transactions = await allTransactions();
    expect(transactions).toHaveLength(10_000);
    const trades = await allTrades(h);
    expect(trades.length).toBeGreaterThanOrEqual(900);
    const symbols = await symbolInfo(h);
    const moves: Move[] = transactions.flatMap(transactionMoves);
    for (const trade of trades) {
      for (const [currency, delta] of tradeLegs([trade], symbols)) moves.push({ at: Date.parse(trade.timestamp), side: 'spot', currency, delta });
    }
    moves.sort((a, b) => a.at - b.at);
    const running = new Map<string, Decimal>();
    const checkDay = (): void => {
      for (const [key, sum] of running) expect(sum.isNegative(), `${key} below zero`).toBe(false);
    };
    let day = Math.floor((moves[0]?.at ?? 0) / DAY_MS);
    for (const move of moves) {
      if (Math.floor(move.at / DAY_MS) !== day) {
        checkDay();
        day = Math.floor(move.at / DAY_MS);
      }
      const key = `${move.side}:${move.currency}`;
      running.set(key, (running.get(key) ?? new Decimal(0)).plus(move.delta));
    }
    checkDay();
    for (const side of ['wallet', 'spot'] as const) {
      const replayed = new Map([...running].filter(([key, sum]) => key.startsWith(`${side}:`) && !sum.isZero()).map(([key, sum]) => [key.slice(side.length + 1), sum.toFixed()]));
      const actual = new Map([...(await balances(side))].map(([c, v]) => [c, new Decimal(v).toFixed()]));
      expect(actual, side).toEqual(replayed);
    }
    const oldest = Date.now() - Date.parse(transactions[0]?.created_at ?? '');
    expect(Math.round(oldest / DAY_MS)).toBe(90);
  });

  it('holds part of the spot balance in resting limit orders far from the price', async () => {
    const orders = (await h.call('GET', '/api/3/spot/order')).json as { symbol: string; side: string; price: string; status: string }[];
    expect(orders.length).toBeGreaterThanOrEqual(5);
    expect(orders.length).toBeLessThanOrEqual(8);
    expect(new Set(orders.map((o) => o.side))).toEqual(new Set(['buy', 'sell']));
    for (const order of orders) {
      const tickers = (await h.call('GET', '/api/3/public/price/ticker', { key: null, query: `symbols=${order.symbol}` })).json as Record<string, { price: string }>;
      const price = tickers[order.symbol]?.price;
      expect(price, order.symbol).toBeDefined();
      if (order.side === 'buy') expect(new Decimal(order.price).lt(new Decimal(price ?? 0).times('0.7'))).toBe(true);
      else expect(new Decimal(order.price).gt(new Decimal(price ?? 0).times('1.5'))).toBe(true);
    }
    const spot = (await h.call('GET', '/api/3/spot/balance')).json as { currency: string; reserved: string }[];
    expect(spot.filter((b) => !new Decimal(b.reserved).isZero()).map((b) => b.currency).sort()).toEqual(['ETH', 'SOL', 'USDT', 'XRP']);
  });
});
