// Query strings and bodies, built once: the bytes built here are the bytes signed and sent.
import Decimal from './decimal';

export type QueryValue = string | number | boolean | Decimal | readonly string[] | undefined;
export const BODY_FORMATS = ['json', 'form'] as const;
export type BodyFormat = (typeof BODY_FORMATS)[number];

function scalarText(value: string | number | boolean | Decimal): string {
  return Decimal.isDecimal(value) ? value.toFixed() : String(value);
}

/** Lists are comma-separated (api-v3.md conventions); commas stay literal for readability. */
function encodeComponent(text: string): string {
  return encodeURIComponent(text).replace(/%2C/gi, ',');
}

function isList(value: QueryValue): value is readonly string[] {
  return Array.isArray(value);
}

export function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  if (query === undefined) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const text = isList(value) ? value.join(',') : scalarText(value);
    parts.push(`${encodeURIComponent(name)}=${encodeComponent(text)}`);
  }
  return parts.join('&');
}

/** Decimals become exact strings, never numbers. */
function plain(value: unknown): unknown {
  if (Decimal.isDecimal(value)) return value.toFixed();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined).map(([key, inner]) => [key, plain(inner)]));
  }
  return value;
}

export function encodeBody(body: Record<string, unknown> | readonly unknown[], format: BodyFormat): string {
  const clean = plain(body);
  if (format === 'json' || typeof clean !== 'object' || clean === null || Array.isArray(clean)) return JSON.stringify(clean);
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(clean)) {
    form.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return form.toString();
}
