// A conversion in the history table: the service stores its two legs as two transactions, listed
// next to each other (one operation, one time). The table keeps a row per stored transaction — the
// count, the totals and the exports are of transactions — but the first of the two rows reads as
// the whole conversion, "−25.37 USDT → +0.00041340 BTC", and the second says it is that row's
// other leg. The drawer of either leg shows the whole conversion. A spot trade's paid and received
// legs are joined the same way (its fee leg stays a row of its own, history-trades.ts).
import { pairConversions } from '../../../../preload/contract/conversion-legs';
import type { HistoryEntry } from '../../../../preload/contract/history';

export type ConversionPlace =
  | { role: 'whole'; paid: HistoryEntry; received: HistoryEntry }
  | { role: 'otherLeg'; paid: HistoryEntry; received: HistoryEntry };

function pairOf(a: HistoryEntry | undefined, b: HistoryEntry | undefined): { paid: HistoryEntry; received: HistoryEntry } | null {
  if (a === undefined || b === undefined) return null;
  const [listed] = pairConversions([a, b]);
  return listed?.kind === 'conversion' ? { paid: listed.paid, received: listed.received } : null;
}

/** Where the row at `index` stands in a conversion, from its neighbours as read; null: not a joined leg. */
export function conversionAt(index: number, rowAt: (index: number) => HistoryEntry | undefined): ConversionPlace | null {
  const entry = rowAt(index);
  if (entry?.type !== 'SWAP' && entry?.type !== 'TRADE') return null;
  const below = pairOf(entry, rowAt(index + 1));
  // A leg already joined with the row above it is that row's other leg, not the start of a new pair.
  const above = index > 0 ? pairOf(rowAt(index - 1), entry) : null;
  if (above !== null && conversionAt(index - 1, rowAt)?.role === 'whole') return { role: 'otherLeg', ...above };
  if (below !== null) return { role: 'whole', ...below };
  return above === null ? null : { role: 'otherLeg', ...above };
}

/** "−25.37 USDT → +0.00041340 BTC", each leg signed and formatted by `signed`. */
export function conversionText(place: Pick<ConversionPlace, 'paid' | 'received'>, signed: (leg: HistoryEntry) => string): string {
  return `${signed(place.paid)} ${place.paid.currency} → ${signed(place.received)} ${place.received.currency}`;
}
