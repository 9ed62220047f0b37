// The tests' own reading of the trade history as balance legs (a buy pays quantity × price of the
// quote and receives quantity of the base, a sell the other way; the fee leaves, a negative fee,
// a rebate, comes in), in the tests' own decimal, to check a sandbox balance against it.
import Decimal from '../../../preload/contract/decimal';
import type { Harness, TestKey } from './harness';

export interface TradeRecord { id: number; order_id: number; symbol: string; side: 'buy' | 'sell'; quantity: string; price: string; fee: string; timestamp: string; taker: boolean }
export interface SymbolInfo { base_currency: string; quote_currency: string; fee_currency: string; status: string; make_rate: string; take_rate: string; tick_size: string }

export async function symbolInfo(h: Harness): Promise<Record<string, SymbolInfo>> {
  return (await h.call('GET', '/api/3/public/symbol', { key: null })).json as Record<string, SymbolInfo>;
}

/** Every trade of the key's account, oldest first, read by id pages of 1000. */
export async function allTrades(h: Harness, key?: TestKey): Promise<TradeRecord[]> {
  const trades: TradeRecord[] = [];
  for (let from = 0; ;) {
    const reply = await h.call('GET', '/api/3/spot/history/trade', { key, query: `by=id&sort=ASC&from=${from}&limit=1000` });
    if (reply.status !== 200) throw new Error(reply.text);
    const page = reply.json as TradeRecord[];
    trades.push(...page);
    if (page.length < 1000) return trades;
    from = (page[page.length - 1] as TradeRecord).id + 1;
  }
}

/** Per currency, what the trades moved: Σ legs (in +, out −). */
export function tradeLegs(trades: readonly TradeRecord[], symbols: Record<string, SymbolInfo>): Map<string, Decimal> {
  const net = new Map<string, Decimal>();
  const add = (currency: string, amount: Decimal): void => {
    net.set(currency, (net.get(currency) ?? new Decimal(0)).plus(amount));
  };
  for (const trade of trades) {
    const symbol = symbols[trade.symbol];
    if (!symbol) throw new Error(`unknown symbol ${trade.symbol}`);
    const quantity = new Decimal(trade.quantity);
    const notional = quantity.times(trade.price);
    add(symbol.base_currency, trade.side === 'buy' ? quantity : quantity.negated());
    add(symbol.quote_currency, trade.side === 'buy' ? notional.negated() : notional);
    add(symbol.fee_currency, new Decimal(trade.fee).negated());
  }
  return net;
}

/** Spot available + reserved per currency. */
export async function spotTotals(h: Harness, key?: TestKey): Promise<Map<string, Decimal>> {
  const rows = (await h.call('GET', '/api/3/spot/balance', { key })).json as { currency: string; available: string; reserved: string }[];
  return new Map(rows.map((r) => [r.currency, new Decimal(r.available).plus(r.reserved)]));
}

/** after − before, per currency, leaving out currencies that did not move. */
export function difference(after: Map<string, Decimal>, before: Map<string, Decimal>): Map<string, string> {
  const moved = new Map<string, string>();
  for (const currency of new Set([...after.keys(), ...before.keys()])) {
    const delta = (after.get(currency) ?? new Decimal(0)).minus(before.get(currency) ?? 0);
    if (!delta.isZero()) moved.set(currency, delta.toFixed());
  }
  return moved;
}

export function nonZero(net: Map<string, Decimal>): Map<string, string> {
  return new Map([...net].filter(([, v]) => !v.isZero()).map(([c, v]) => [c, v.toFixed()]));
}
