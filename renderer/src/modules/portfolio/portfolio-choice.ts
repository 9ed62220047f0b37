// Which currency the per-currency chart opens on: the one worth most on the last day, the
// valuation currency itself only when nothing else is held (its value is its amount).
import Decimal from '../../../../preload/contract/decimal';
import type { NetWorthHistory } from '../../../../preload/contract/portfolio';

export function defaultCurrency(history: NetWorthHistory): string | null {
  const worth = (series: NetWorthHistory['currencies'][number]) => new Decimal(series.points.at(-1)?.value ?? 0);
  const others = history.currencies.filter((series) => series.currency !== history.valuationCurrency);
  const ranked = [...others].sort((a, b) => worth(b).comparedTo(worth(a)) || a.currency.localeCompare(b.currency));
  return ranked[0]?.currency ?? history.currencies[0]?.currency ?? null;
}

/** The first day the history knows: where the chart's days begin (null: no days at all). */
export function historyStart(history: NetWorthHistory): string | null {
  return history.points[0]?.day ?? null;
}
