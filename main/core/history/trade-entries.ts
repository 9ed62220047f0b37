// A spot trade as the history stores it: its legs, so the totals, sums, portfolio and exports
// read it as they read any transaction. One trade, with notional = quantity × price exactly:
// - paid:     `trade-<id>-out`, out, operationType 'withdraw' — buy: the quote's notional; sell: the base's quantity;
// - received: `trade-<id>-in`,  in,  operationType 'deposit'  — buy: the base's quantity; sell: the quote's notional;
// - fee (only when it is not zero): `trade-<id>-fee`, the fee currency's |fee|, out for a fee and
//   in for a maker's rebate (a negative fee), operationType 'fee'.
// Every leg: type TRADE, subtype SPOT_BUY or SPOT_SELL (the fee leg TRADE_FEE), status SUCCESS,
// created and updated at the trade's time, operationId `trade-<id>`, txId the trade id,
// offchainId the client order id, comment "<side> <quantity> <symbol> at <price>".
// So Σ legs (in +, out −) is exactly what the trade moved on the spot balance.
import type { HistoryEntry } from '../../../preload/contract/history';
import type { MarketSymbol, SpotTrade } from '../../exchange/domain';

export const TRADE_TYPE = 'TRADE';
export const TRADE_SUBTYPES = { buy: 'SPOT_BUY', sell: 'SPOT_SELL', fee: 'TRADE_FEE' } as const;

/** What a trade's legs need of its symbol. */
export type TradeSymbol = Pick<MarketSymbol, 'base' | 'quote' | 'feeCurrency'>;

export function tradeOperationId(tradeId: string): string {
  return `trade-${tradeId}`;
}

export function tradeLegs(trade: SpotTrade, symbol: TradeSymbol): HistoryEntry[] {
  const notional = trade.quantity.times(trade.price);
  const buy = trade.side === 'buy';
  const subtype = buy ? TRADE_SUBTYPES.buy : TRADE_SUBTYPES.sell;
  const leg = (suffix: string, fields: Pick<HistoryEntry, 'direction' | 'currency' | 'amount' | 'operationType' | 'subtype'>): HistoryEntry => ({
    id: `${tradeOperationId(trade.id)}-${suffix}`,
    createdAt: trade.timestamp,
    updatedAt: trade.timestamp,
    type: TRADE_TYPE,
    status: 'SUCCESS',
    fee: null,
    network: null,
    address: null,
    paymentId: null,
    hash: null,
    txId: trade.id,
    operationId: tradeOperationId(trade.id),
    offchainId: trade.clientOrderId,
    confirmations: null,
    comment: `${trade.side} ${trade.quantity.toFixed()} ${trade.symbol} at ${trade.price.toFixed()}`,
    buyCrypto: null,
    explorerUrl: null,
    ...fields,
  });
  const legs = [
    leg('out', { direction: 'out', operationType: 'withdraw', subtype, currency: buy ? symbol.quote : symbol.base, amount: (buy ? notional : trade.quantity).toFixed() }),
    leg('in', { direction: 'in', operationType: 'deposit', subtype, currency: buy ? symbol.base : symbol.quote, amount: (buy ? trade.quantity : notional).toFixed() }),
  ];
  if (!trade.fee.isZero()) {
    if (symbol.feeCurrency === undefined) throw new Error(`the symbol ${trade.symbol} names no fee currency`);
    legs.push(leg('fee', {
      direction: trade.fee.isNegative() ? 'in' : 'out', operationType: 'fee', subtype: TRADE_SUBTYPES.fee,
      currency: symbol.feeCurrency, amount: trade.fee.abs().toFixed(),
    }));
  }
  return legs;
}

/**
 * The symbol list by id, for turning trades into legs: a trade whose symbol is not in it (or whose
 * fee currency it does not name, the fee not being zero) has no legs, never guessed ones.
 */
export class TradeSymbols {
  private readonly byId: Map<string, TradeSymbol>;

  constructor(symbols: readonly MarketSymbol[]) {
    this.byId = new Map(symbols.map((symbol) => [symbol.id.toUpperCase(), symbol]));
  }

  /** The trade's legs, or null when the list cannot say what it moved. */
  legsOf(trade: SpotTrade): HistoryEntry[] | null {
    const symbol = this.byId.get(trade.symbol.toUpperCase());
    if (symbol === undefined) return null;
    if (!trade.fee.isZero() && symbol.feeCurrency === undefined) return null;
    return tradeLegs(trade, symbol);
  }
}
