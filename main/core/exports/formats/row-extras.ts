// What Coffer's own files (transactions.csv and transactions.json) add after an entry's stored
// fields: whether the row is a spot trade's leg or a wallet transaction, the trade it belongs to
// (symbol, side, quantity and price, read from the leg's comment `<side> <quantity> <symbol> at
// <price>` that the trade sync writes; the fee on the fee leg itself, negative for a maker rebate
// as the service writes it), and the row's value at its time (row-pricer.ts). Each leg stays its
// own row, so the files' sums per currency are exactly the store's. These fields are derived:
// reading a file back ignores them, and the entries it gives are the ones that were exported.
import type { HistoryEntry } from '../../../../preload/contract/history';
import type { RowPricer, RowValue } from '../pricing/row-pricer';

export type RecordKind = 'trade' | 'transaction';

export interface TradeDetails {
  symbol: string | null;
  side: 'buy' | 'sell' | null;
  quantity: string | null;
  price: string | null;
  /** The fee leg's amount, negative for a rebate; null on the paid and received legs. */
  fee: string | null;
  feeCurrency: string | null;
}

/** The CSV columns after the stored fields, in file order. */
export const EXTRA_COLUMNS = [
  'record', 'trade_symbol', 'trade_side', 'trade_quantity', 'trade_price', 'trade_fee', 'trade_fee_currency',
  'value', 'value_currency', 'value_note',
] as const;

const TRADE_COMMENT = /^(buy|sell) (\S+) (\S+) at (\S+)$/;

export const recordKind = (entry: HistoryEntry): RecordKind => (entry.type === 'TRADE' ? 'trade' : 'transaction');

export function tradeDetails(entry: HistoryEntry): TradeDetails | null {
  if (entry.type !== 'TRADE') return null;
  const parts = TRADE_COMMENT.exec(entry.comment ?? '');
  const subtypeSide = entry.subtype === 'SPOT_BUY' ? 'buy' : entry.subtype === 'SPOT_SELL' ? 'sell' : null;
  const isFee = entry.operationType === 'fee';
  return {
    symbol: parts?.[3] ?? null,
    side: (parts?.[1] as 'buy' | 'sell' | undefined) ?? subtypeSide,
    quantity: parts?.[2] ?? null,
    price: parts?.[4] ?? null,
    fee: isFee ? (entry.direction === 'in' ? `-${entry.amount}` : entry.amount) : null,
    feeCurrency: isFee ? entry.currency : null,
  };
}

/** The row's value, or null when the export is not priced. */
export const rowValue = (entry: HistoryEntry, pricer: RowPricer | undefined): RowValue | null =>
  pricer === undefined ? null : pricer.valueOf(entry.currency, entry.amount, entry.createdAt);
