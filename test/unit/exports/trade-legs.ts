// Spot trades as the history store holds them (the shared representation): for one trade of the
// service's trade history, the leg paid, the leg received and, when the fee is not zero, the fee
// leg (out for a fee, in for a maker rebate), all at the trade's time under operationId
// `trade-<id>`. Tests build their stores and export sources from these.
import type { HistoryEntry } from '../../../preload/contract/history';
import Decimal from '../../../preload/contract/decimal';

export interface TradeSpec {
  id: number;
  symbol: string;
  base: string;
  quote: string;
  side: 'buy' | 'sell';
  quantity: string;
  price: string;
  /** In feeCurrency; negative for a maker rebate; '0' for none. */
  fee: string;
  feeCurrency: string;
  at: string;
  clientOrderId?: string;
}

export type LegName = 'out' | 'in' | 'fee';

export function tradeLegs(trade: TradeSpec): Record<LegName, HistoryEntry | undefined> {
  const notional = new Decimal(trade.quantity).times(trade.price).toFixed();
  const buy = trade.side === 'buy';
  const subtype = buy ? 'SPOT_BUY' : 'SPOT_SELL';
  const leg = (name: LegName, fields: Pick<HistoryEntry, 'direction' | 'currency' | 'amount' | 'operationType' | 'subtype'>): HistoryEntry => ({
    id: `trade-${trade.id}-${name}`,
    createdAt: trade.at,
    updatedAt: trade.at,
    type: 'TRADE',
    status: 'SUCCESS',
    fee: null,
    network: null,
    address: null,
    paymentId: null,
    hash: null,
    txId: String(trade.id),
    operationId: `trade-${trade.id}`,
    offchainId: trade.clientOrderId ?? `client-${trade.id}`,
    confirmations: null,
    comment: `${trade.side} ${trade.quantity} ${trade.symbol} at ${trade.price}`,
    buyCrypto: null,
    explorerUrl: null,
    ...fields,
  });
  const fee = new Decimal(trade.fee);
  return {
    out: leg('out', { direction: 'out', currency: buy ? trade.quote : trade.base, amount: buy ? notional : trade.quantity, operationType: 'withdraw', subtype }),
    in: leg('in', { direction: 'in', currency: buy ? trade.base : trade.quote, amount: buy ? trade.quantity : notional, operationType: 'deposit', subtype }),
    fee: fee.isZero()
      ? undefined
      : leg('fee', { direction: fee.isNegative() ? 'in' : 'out', currency: trade.feeCurrency, amount: fee.abs().toFixed(), operationType: 'fee', subtype: 'TRADE_FEE' }),
  };
}

/** The trade's legs in store order (paid, received, fee), those named in `only` when given. */
export function legsOf(trade: TradeSpec, only: readonly LegName[] = ['out', 'in', 'fee']): HistoryEntry[] {
  const legs = tradeLegs(trade);
  return only.map((name) => legs[name]).filter((entry): entry is HistoryEntry => entry !== undefined);
}
