// A HistoryFilter as SQL: every value bound as a parameter. Lists match any of their values,
// from/till are inclusive bounds on createdAt, text is a case-insensitive substring of the
// searched fields (address, tx id, hash, comment, id; see rows.ts).
import type { HistoryFilter } from '../../../preload/contract/history';
import { AppFailure } from '../app-error';

export interface FilterSql {
  /** "WHERE …" or '' when the filter is empty. */
  where: string;
  params: Record<string, string | number>;
  /** A stable text of the filter (same filter, same key): caches are keyed by it. */
  key: string;
}

const LIST_COLUMNS = [
  ['currencies', 'currency'],
  ['types', 'type'],
  ['subtypes', 'subtype'],
  ['statuses', 'status'],
  ['networks', 'network'],
] as const;

export function filterSql(filter: HistoryFilter): FilterSql {
  const conditions: string[] = [];
  const params: Record<string, string | number> = {};
  const keyParts: string[] = [];
  for (const [name, column] of LIST_COLUMNS) {
    const values = [...new Set(filter[name] ?? [])].sort();
    if (values.length === 0) continue;
    const names = values.map((value, i) => {
      params[`${column}${i}`] = value;
      return `@${column}${i}`;
    });
    conditions.push(`${column} IN (${names.join(', ')})`);
    keyParts.push(`${name}=${JSON.stringify(values)}`);
  }
  const fromMs = timeBound(filter.from, 'from');
  if (fromMs !== undefined) {
    conditions.push('created_ms >= @fromMs');
    params.fromMs = fromMs;
    keyParts.push(`from=${fromMs}`);
  }
  const tillMs = timeBound(filter.till, 'till');
  if (tillMs !== undefined) {
    conditions.push('created_ms <= @tillMs');
    params.tillMs = tillMs;
    keyParts.push(`till=${tillMs}`);
  }
  if (filter.direction !== undefined) {
    conditions.push('direction = @direction');
    params.direction = filter.direction;
    keyParts.push(`direction=${filter.direction}`);
  }
  const text = filter.text?.trim().toLowerCase();
  if (text) {
    // instr, not LIKE: no wildcard to escape, and it is the faster scan.
    conditions.push('instr(search, @text) > 0');
    params.text = text;
    keyParts.push(`text=${JSON.stringify(text)}`);
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params, key: keyParts.join('&') };
}

function timeBound(value: string | undefined, field: 'from' | 'till'): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw new AppFailure('VALIDATION', `${field} is not a date: ${value}`, field);
  return ms;
}
