// What the totals count: completed transactions only unless the user asks for the others too, so
// a failed or rolled-back withdrawal — money that never left — does not swell "out" or the net
// (the tax exports leave them out as well). A status filter the user chose is kept, narrowed to
// completed rows when the others are not included.
import { SETTLED_STATUSES, transactionStatusWords } from '../../../../preload/contract/status-words';
import type { HistoryFilter } from '../../../../preload/contract/history';

/** The filter the totals and the flows chart are read with; null when it can match nothing. */
export function totalsFilter(filter: HistoryFilter, includeUnsettled: boolean): HistoryFilter | null {
  if (includeUnsettled) return filter;
  const statuses = filter.statuses === undefined ? [...SETTLED_STATUSES] : filter.statuses.filter((status) => SETTLED_STATUSES.includes(status));
  return statuses.length === 0 ? null : { ...filter, statuses };
}

/** The sentence above the totals saying what they count. */
export function totalsCaption(includeUnsettled: boolean, counted: number | null, listed: number | null): string {
  if (includeUnsettled) return 'Totals count every row in the filter, failed and rolled-back ones included.';
  const completed = SETTLED_STATUSES.map((status) => transactionStatusWords(status).label.toLowerCase()).join(' or ');
  const head = `Totals count ${completed} rows only`;
  if (counted === null || listed === null || counted === listed) return `${head}.`;
  return `${head}: ${counted.toLocaleString('en-US')} of the ${listed.toLocaleString('en-US')} rows listed.`;
}

/** Sums longer than this may wrap; shorter ones (most currencies' precision) keep one line. */
export const ONE_LINE_AMOUNT_CHARS = 20;

/**
 * A formatted sum in the parts a line may break between: a long one (18 decimals) splits after its
 * decimal point, so a column too narrow for it wraps the fraction onto a second line rather than
 * pushing Net out of sight; a short one stays whole. The parts joined are the text unchanged.
 */
export function wrappableAmount(text: string): string[] {
  if (text.length <= ONE_LINE_AMOUNT_CHARS) return [text];
  const point = text.indexOf('.');
  return point < 0 ? [text] : [text.slice(0, point + 1), text.slice(point + 1)];
}
