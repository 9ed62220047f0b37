// The filter bar's form turned into the contract's HistoryFilter (empty choices left out, the date
// range's last day counted whole), and a filter told in words for the export dialog and a review's
// manifest.
import type { HistoryDirection, HistoryFilter } from '../../../../preload/contract/history';
import { displayPreferences } from '../display/display-preferences';
import { formatDate } from '../display/time-format';
import { typeWords, subtypeWords } from './history-words';
import { transactionStatusWords as statusOf } from '../../../../preload/contract/status-words';

export interface HistoryFilterForm {
  /** Local start-of-day timestamps of the first and last day, from the date-range picker. */
  range: [number, number] | null;
  currencies: string[];
  types: string[];
  subtypes: string[];
  statuses: string[];
  networks: string[];
  direction: HistoryDirection | null;
  text: string;
}

export function emptyFilterForm(): HistoryFilterForm {
  return { range: null, currencies: [], types: [], subtypes: [], statuses: [], networks: [], direction: null, text: '' };
}

/** The last millisecond of the local day that `dayStart` falls in (DST days are not 24 h long). */
export function endOfLocalDay(dayStart: number): number {
  const end = new Date(dayStart);
  end.setHours(23, 59, 59, 999);
  return end.getTime();
}

function startOfLocalDay(time: number): number {
  const start = new Date(time);
  start.setHours(0, 0, 0, 0);
  return start.getTime();
}

/** The search text as sent: trimmed, at most the 200 characters the contract takes. */
export function searchText(text: string): string {
  return text.trim().slice(0, 200);
}

export function toHistoryFilter(form: HistoryFilterForm): HistoryFilter {
  const filter: HistoryFilter = {};
  if (form.range) {
    const [first, last] = form.range[0] <= form.range[1] ? form.range : [form.range[1], form.range[0]];
    filter.from = new Date(startOfLocalDay(first)).toISOString();
    filter.till = new Date(endOfLocalDay(last)).toISOString();
  }
  const lists = ['currencies', 'types', 'subtypes', 'statuses', 'networks'] as const;
  for (const key of lists) {
    const values = [...new Set(form[key].map((value) => value.trim()).filter((value) => value !== ''))];
    if (values.length > 0) filter[key] = values;
  }
  if (form.direction) filter.direction = form.direction;
  const text = searchText(form.text);
  if (text !== '') filter.text = text;
  return filter;
}

export function isFilterEmpty(filter: HistoryFilter): boolean {
  return Object.keys(filter).length === 0;
}

/** A filter's day in the date format chosen in Settings; the picker's days are local ones. */
export function dayText(iso: string): string {
  return formatDate(iso, { date: displayPreferences.date, zone: 'local' });
}

function anyOf(values: readonly string[] | undefined, word: (value: string) => string): string | null {
  if (!values || values.length === 0) return null;
  return values.map(word).join(' or ');
}

/** Each part of a filter in words, in the order the bar shows them; empty for "everything". */
export function filterParts(filter: HistoryFilter): string[] {
  const parts: (string | null)[] = [
    anyOf(filter.currencies, (code) => code),
    anyOf(filter.types, typeWords),
    anyOf(filter.subtypes, subtypeWords),
    anyOf(filter.statuses, (status) => statusOf(status).label),
    filter.networks?.length ? `on ${anyOf(filter.networks, (code) => code)}` : null,
    filter.direction === 'in' ? 'money in' : filter.direction === 'out' ? 'money out' : null,
    filter.from && filter.till ? `${dayText(filter.from)} – ${dayText(filter.till)}` : null,
    filter.from && !filter.till ? `from ${dayText(filter.from)}` : null,
    !filter.from && filter.till ? `until ${dayText(filter.till)}` : null,
    filter.text ? `matching “${filter.text}”` : null,
  ];
  return parts.filter((part): part is string => part !== null);
}

/** "BTC · Deposit · 1 Mar 2026 – 31 Mar 2026", or "All transactions". */
export function filterWords(filter: HistoryFilter): string {
  const parts = filterParts(filter);
  return parts.length === 0 ? 'All transactions' : parts.join(' · ');
}
