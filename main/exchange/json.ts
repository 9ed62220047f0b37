// JSON at the edge. The service sends amounts as strings, but a bare number must never reach a
// JavaScript float, so every numeric literal is quoted before parsing: numbers arrive as exact text.
import Decimal from './decimal';
import { ApiError } from './errors';

const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const QUOTE = 34;
const BACKSLASH = 92;

/** A character that can continue a number literal: a digit, '.', 'e', 'E', '+' or '-'. */
function inNumber(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 46 || code === 101 || code === 69 || code === 43 || code === 45;
}

/** Index after the closing quote of the string starting at `from`: found with indexOf, skipping quotes after an odd run of backslashes. */
function afterString(text: string, from: number): number {
  for (let start = from; ; ) {
    const quote = text.indexOf('"', start);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    start = quote + 1;
  }
}

/**
 * One pass over the text, skipping strings and quoting each number literal (a run that is not a
 * well-formed number is left as it is, for JSON.parse to refuse); a page of a thousand records
 * is read several times faster than with a regular expression replacing every token.
 */
export function parseJsonExact(text: string): unknown {
  const parts: string[] = [];
  let copied = 0;
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = afterString(text, i + 1);
    } else if (code === 45 || (code >= 48 && code <= 57)) {
      const start = i;
      for (i += 1; i < text.length && inNumber(text.charCodeAt(i)); ) i += 1;
      const token = text.slice(start, i);
      if (NUMBER.test(token)) {
        parts.push(text.slice(copied, start), '"', token, '"');
        copied = i;
      }
    } else {
      i += 1;
    }
  }
  if (copied === 0) return JSON.parse(text);
  parts.push(text.slice(copied));
  return JSON.parse(parts.join(''));
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badField(field: string, problem: string): ApiError {
  return new ApiError({ kind: 'response', message: `Unexpected response: ${field} ${problem}`, field, description: `${field} ${problem}` });
}

export function asObject(value: unknown, field: string): JsonObject {
  if (!isObject(value)) throw badField(field, 'is not an object');
  return value;
}

export function asArray(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw badField(field, 'is not a list');
  return value;
}

export function str(record: JsonObject, name: string): string {
  const value = record[name];
  if (typeof value !== 'string') throw badField(name, 'is missing');
  return value;
}

export function optStr(record: JsonObject, name: string): string | undefined {
  const value = record[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function bool(record: JsonObject, name: string, fallback = false): boolean {
  const value = record[name];
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

/** "0", "0.00000000": the most common amount of all (reserved, fees), read without parsing. */
const ZERO_TEXT = /^0(?:\.0+)?$/;
/** Decimals are immutable (no method changes its instance), so every zero read can be this one. */
const ZERO = new Decimal(0);
/**
 * Amounts read lately, by their text, for the same reason: balances and rates read again mostly
 * carry the texts of the last read, and parsing one into a Decimal costs more than finding it here.
 */
const recentDecimals = new Map<string, Decimal>();
/** Past this many (a long history read) the memory starts afresh rather than growing. */
const MAX_RECENT_DECIMALS = 2_048;

export function decimal(record: JsonObject, name: string): Decimal {
  const value = record[name];
  // No trimming first: text with spaces is refused by the Decimal constructor below.
  if (typeof value !== 'string' || value === '') throw badField(name, 'is not a decimal');
  if (ZERO_TEXT.test(value)) return ZERO;
  let read = recentDecimals.get(value);
  if (read !== undefined) return read;
  try {
    read = new Decimal(value);
  } catch {
    throw badField(name, 'is not a decimal');
  }
  if (recentDecimals.size >= MAX_RECENT_DECIMALS) recentDecimals.clear();
  recentDecimals.set(value, read);
  return read;
}

export function optDecimal(record: JsonObject, name: string): Decimal | undefined {
  const value = record[name];
  return value === undefined || value === null || value === '' ? undefined : decimal(record, name);
}

/** Ids arrive as numbers or strings (SUPPLEMENT §3); after parseJsonExact both are text. */
export function id(record: JsonObject, name: string): string {
  return str(record, name);
}

/** Integer counters that are not money (confirmations, sequence numbers). */
export function optInt(record: JsonObject, name: string): number | undefined {
  const value = record[name];
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return undefined;
  return Number.parseInt(value, 10);
}
