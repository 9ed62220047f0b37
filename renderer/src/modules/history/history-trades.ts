// A spot trade in the history table: the store keeps it as legs (type TRADE, one operation id):
// the paid and received legs read as one row like a conversion's (history-conversions.ts), its fee
// is a line of its own. What the trade was — side, quantity, symbol, price — is in every leg's
// comment, "buy 0.5 BTCUSDT at 64000".
import type { HistoryEntry } from '../../../../preload/contract/history';

export interface TradeTerms {
  side: 'buy' | 'sell';
  quantity: string;
  symbol: string;
  price: string;
}

const TERMS = /^(buy|sell) (\d+(?:\.\d+)?) (\S+) at (\d+(?:\.\d+)?)$/;

/** The trade a leg belongs to, from its comment; null for any other entry. */
export function tradeTerms(entry: Pick<HistoryEntry, 'type' | 'comment'>): TradeTerms | null {
  if (entry.type !== 'TRADE' || entry.comment === null) return null;
  const match = TERMS.exec(entry.comment);
  if (match === null) return null;
  return { side: match[1] as TradeTerms['side'], quantity: match[2] as string, symbol: match[3] as string, price: match[4] as string };
}

export const isTradeFee = (entry: Pick<HistoryEntry, 'type' | 'operationType'>): boolean => entry.type === 'TRADE' && entry.operationType === 'fee';

/** A trade's fee leg, from the rows next to one of its legs (one trade's legs sit together); null when it has none there. */
export function tradeFeeNear(index: number, rowAt: (index: number) => HistoryEntry | undefined): HistoryEntry | null {
  const entry = rowAt(index);
  if (entry?.type !== 'TRADE' || entry.operationId === null) return null;
  for (let near = index - 2; near <= index + 2; near += 1) {
    const row = near < 0 ? undefined : rowAt(near);
    if (row !== undefined && isTradeFee(row) && row.operationId === entry.operationId) return row;
  }
  return null;
}

/** "Trade · Spot buy", and a fee line says only "Trade fee". */
export function tradeKind(entry: Pick<HistoryEntry, 'type' | 'operationType'>, typeWords: string, subtypeWords: string): string {
  return isTradeFee(entry) ? subtypeWords : `${typeWords} · ${subtypeWords}`;
}
