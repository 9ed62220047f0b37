// A HistoryFilter as SQL, every value bound as a parameter. Lists match any of their values,
// from/till are inclusive bounds on createdAt, text is a case-insensitive substring of the
// searched fields (address, tx id, hash, comment, id; see rows.ts).
//
// Without a text filter, sums come from the sums tables (schema.ts) for the whole months and days
// inside the range, and from the entries themselves only for the part-days at its two ends; with
// one, every sum comes from the matching entries.
import type { HistoryFilter } from '../../../preload/contract/history';
import { AppFailure } from '../app-error';
import { monthOfMs, monthStartMs } from './months';
import { DAY_MS, PLAIN_SEARCH_TABLE, SEARCH_TABLE } from './schema';

/**
 * The rows matching the current text filter, found once through the search index and kept for
 * the connection (query.ts fills it): a page's summary, totals, chart and windows each read the
 * entries by key from it instead of searching again.
 */
export const MATCH_TABLE = 'history_match';
export const CREATE_MATCH_TABLE = `CREATE TEMP TABLE IF NOT EXISTS ${MATCH_TABLE} (rid INTEGER PRIMARY KEY)`;
/** Fills the match table (@text as filterSql binds it): from the search index, or by a scan of a plain table (schema.ts). */
export function fillMatchSql(indexed: boolean): string {
  return indexed
    ? `INSERT INTO temp.${MATCH_TABLE} (rid) SELECT rowid FROM ${SEARCH_TABLE} WHERE search GLOB @text`
    : `INSERT INTO temp.${MATCH_TABLE} (rid) SELECT rid FROM ${PLAIN_SEARCH_TABLE} WHERE search GLOB @text`;
}

export interface FilterSql {
  /** Conditions on columns both the entries and the daily table have (lists and direction). */
  lists: string[];
  params: Record<string, string | number>;
  fromMs: number | undefined;
  tillMs: number | undefined;
  /** Lower-cased search text, when the filter has one. */
  text: string | undefined;
  /** True when no list but currencies (and direction) is filtered: the per-currency daily sums serve it. */
  currencyOnly: boolean;
  /** A stable text of the filter (same filter, same key): caches are keyed by it. */
  key: string;
}

/** Where a part of the filtered set's sums is read from: a sums table for a span of whole periods, or the entries in a time range. */
export type SumSource =
  | { kind: 'monthly' | 'daily'; first: number | undefined; last: number | undefined }
  | { kind: 'entries'; fromMs: number | undefined; tillMs: number | undefined };

export type PeriodSource = Extract<SumSource, { kind: 'monthly' | 'daily' }>;

const LIST_COLUMNS = [
  ['currencies', 'currency'],
  ['types', 'type'],
  ['subtypes', 'subtype'],
  ['statuses', 'status'],
  ['networks', 'network'],
] as const;

export function filterSql(filter: HistoryFilter): FilterSql {
  const lists: string[] = [];
  const params: Record<string, string | number> = {};
  const keyParts: string[] = [];
  for (const [name, column] of LIST_COLUMNS) {
    const values = [...new Set(filter[name] ?? [])].sort();
    if (values.length === 0) continue;
    const names = values.map((value, i) => {
      params[`${column}${i}`] = value;
      return `@${column}${i}`;
    });
    lists.push(`${column} IN (${names.join(', ')})`);
    keyParts.push(`${name}=${JSON.stringify(values)}`);
  }
  if (filter.direction !== undefined) {
    lists.push('direction = @direction');
    params.direction = filter.direction;
    keyParts.push(`direction=${filter.direction}`);
  }
  const fromMs = timeBound(filter.from, 'from');
  const tillMs = timeBound(filter.till, 'till');
  if (fromMs !== undefined) keyParts.push(`from=${fromMs}`);
  if (tillMs !== undefined) keyParts.push(`till=${tillMs}`);
  const text = filter.text?.trim().toLowerCase() || undefined;
  if (text !== undefined) {
    // GLOB's wildcards in the text are matched as themselves (a one-character class each).
    params.text = `*${text.replace(/[*?[]/g, (c) => `[${c}]`)}*`;
    keyParts.push(`text=${JSON.stringify(text)}`);
  }
  const currencyOnly = (['types', 'subtypes', 'statuses', 'networks'] as const).every((name) => (filter[name] ?? []).length === 0);
  return { lists, params, fromMs, tillMs, text, currencyOnly, key: keyParts.join('&') };
}

/** "WHERE …" over the entries: the whole filter, or (with `range`) the filter within that time range. */
export function entriesWhere(sql: FilterSql, range: { fromMs: number | undefined; tillMs: number | undefined } = sql, extra: readonly string[] = []): string {
  const conditions = [...sql.lists, ...extra];
  if (range.fromMs !== undefined) conditions.push(`created_ms >= ${range.fromMs}`);
  if (range.tillMs !== undefined) conditions.push(`created_ms <= ${range.tillMs}`);
  // The text's matches, found once (fillMatchSql): a GLOB on the lower-cased text, answered by
  // the trigram index (schema.ts) when the text has a run of three characters or more.
  if (sql.text !== undefined) conditions.push(`rid IN (SELECT rid FROM temp.${MATCH_TABLE})`);
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** "WHERE …" over a sums table for a span of whole periods. */
export function periodWhere(sql: FilterSql, source: PeriodSource): string {
  const column = source.kind === 'daily' ? 'day' : 'month';
  const conditions = [...sql.lists];
  if (source.first !== undefined) conditions.push(`${column} >= ${source.first}`);
  if (source.last !== undefined) conditions.push(`${column} <= ${source.last}`);
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/**
 * The sources whose sums add up to the filtered set's: whole months from the monthly table
 * (unless days are asked for), the whole days around them from the daily table, the part-days at
 * the range's ends from the entries. A text filter reads everything from the entries.
 */
export function sumSources(sql: FilterSql, finest: 'day' | 'month'): SumSource[] {
  const { fromMs, tillMs } = sql;
  if (sql.text !== undefined) return [{ kind: 'entries', fromMs, tillMs }];
  const firstDay = fromMs === undefined ? undefined : Math.ceil(fromMs / DAY_MS);
  // The last whole day ends at tillMs exactly (bounds are inclusive, so its last millisecond counts).
  const lastDay = tillMs === undefined ? undefined : Math.floor((tillMs + 1) / DAY_MS) - 1;
  if (firstDay !== undefined && lastDay !== undefined && firstDay > lastDay) return [{ kind: 'entries', fromMs, tillMs }];
  const sources: SumSource[] = finest === 'day' ? [{ kind: 'daily', first: firstDay, last: lastDay }] : wholeDays(firstDay, lastDay);
  if (fromMs !== undefined && firstDay !== undefined && fromMs < firstDay * DAY_MS) {
    sources.push({ kind: 'entries', fromMs, tillMs: firstDay * DAY_MS - 1 });
  }
  if (tillMs !== undefined && lastDay !== undefined && tillMs >= (lastDay + 1) * DAY_MS) {
    sources.push({ kind: 'entries', fromMs: (lastDay + 1) * DAY_MS, tillMs });
  }
  return sources;
}

/** Whole days as whole months where they can be, and days around them. */
function wholeDays(firstDay: number | undefined, lastDay: number | undefined): PeriodSource[] {
  const dayOfMs = (ms: number) => ms / DAY_MS;
  const firstMonth = firstDay === undefined ? undefined : monthOfMs(firstDay * DAY_MS) + (dayOfMs(monthStartMs(monthOfMs(firstDay * DAY_MS))) === firstDay ? 0 : 1);
  const lastMonth = lastDay === undefined ? undefined : monthOfMs(lastDay * DAY_MS) - (dayOfMs(monthStartMs(monthOfMs(lastDay * DAY_MS) + 1)) === lastDay + 1 ? 0 : 1);
  if (firstMonth !== undefined && lastMonth !== undefined && firstMonth > lastMonth) return [{ kind: 'daily', first: firstDay, last: lastDay }];
  const sources: PeriodSource[] = [{ kind: 'monthly', first: firstMonth, last: lastMonth }];
  if (firstDay !== undefined && firstMonth !== undefined && firstDay < dayOfMs(monthStartMs(firstMonth))) {
    sources.push({ kind: 'daily', first: firstDay, last: dayOfMs(monthStartMs(firstMonth)) - 1 });
  }
  if (lastDay !== undefined && lastMonth !== undefined && lastDay >= dayOfMs(monthStartMs(lastMonth + 1))) {
    sources.push({ kind: 'daily', first: dayOfMs(monthStartMs(lastMonth + 1)), last: lastDay });
  }
  return sources;
}

function timeBound(value: string | undefined, field: 'from' | 'till'): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw new AppFailure('VALIDATION', `${field} is not a date: ${value}`, field);
  return ms;
}
