// How one value becomes one CSV cell (RFC 4180) in every export file, and back. A text cell a
// spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) gets a
// leading apostrophe; so does one that already starts with an apostrophe, which makes the guard
// reversible: the reader removes exactly one. Null is an empty cell, the empty string a quoted
// empty cell (""), so a reader tells the two apart. Amounts are numbers, not text: a plain
// decimal is written as is ("-2" stays -2); anything else in an amount column is guarded as text.

const NEEDS_QUOTES = /[",\r\n]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Quotes a cell if RFC 4180 requires it (a comma, quote or line break), doubling its quotes. */
export function quoted(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A text cell: guarded against formula injection, then quoted if needed; null is empty, '' is "". */
export function textCell(value: string | null): string {
  if (value === null) return '';
  if (value === '') return '""';
  return quoted(startsLikeFormula(value) ? `'${value}` : value);
}

/** Starts with = + - @ tab, carriage return or an apostrophe (tested by character code: it runs for every text cell). */
function startsLikeFormula(value: string): boolean {
  const first = value.charCodeAt(0);
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13 || first === 39;
}

/** An amount cell: a plain decimal exactly as stored; anything else is a (guarded) text cell. */
export function amountCell(value: string | null): string {
  if (value !== null && PLAIN_DECIMAL.test(value)) return value;
  return textCell(value);
}

/** Reverses textCell / amountCell on a parsed cell (null: the cell was empty and unquoted). */
export function cellText(cell: string | null): string | null {
  if (cell === null) return null;
  return cell.startsWith("'") ? cell.slice(1) : cell;
}

/** Every cell quoted, for formats whose importers expect it (CoinTracking); guarded all the same. */
export function alwaysQuotedCell(value: string | null, amount = false): string {
  if (value === null || value === '') return '""';
  const safe = amount && PLAIN_DECIMAL.test(value) ? value : startsLikeFormula(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CRLF-terminated CSV line from ready-made cells. */
export const csvLine = (cells: readonly string[]): string => cells.join(',') + '\r\n';
