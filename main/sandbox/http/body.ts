// Request bodies: JSON or form-encoded, on any method (bodies on PUT and DELETE are tolerated).
import { validationError } from './errors';

export interface ParsedBody {
  /** Named fields; empty when the body is absent or is a JSON array. */
  fields: Record<string, unknown>;
  /** The body as parsed (object, array or form fields); undefined when empty. */
  value: unknown;
}

const EMPTY: ParsedBody = { fields: {}, value: undefined };

export function parseBody(raw: string, contentType: string | undefined): ParsedBody {
  const text = raw.trim();
  if (text === '') return EMPTY;
  const looksJson = text.startsWith('{') || text.startsWith('[');
  if (contentType?.includes('json') || (looksJson && !contentType?.includes('form'))) return parseJson(text);
  return parseForm(text);
}

// A JSON string literal, or a JSON number outside one (strings are matched first, so a number
// inside a string is never touched).
const STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * JSON.parse with every number kept as the text the client sent: an amount such as 0.0000001 or
 * 12345678.123456789 must reach the decimal parser as written, not as a float ("1e-7",
 * 12345678.12345679). Parameters are read as text anyway, like query and form values.
 */
export function parseJsonKeepingNumbers(text: string): unknown {
  return JSON.parse(text.replace(STRING_OR_NUMBER, (token) => (token.startsWith('"') ? token : `"${token}"`))) as unknown;
}

function parseJson(text: string): ParsedBody {
  let value: unknown;
  try {
    value = parseJsonKeepingNumbers(text);
  } catch {
    throw validationError('body', 'is not valid JSON');
  }
  if (isRecord(value)) return { fields: value, value };
  if (Array.isArray(value)) return { fields: {}, value };
  throw validationError('body', 'must be a JSON object or array');
}

function parseForm(text: string): ParsedBody {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    // Repeated keys (ids=1&ids=2) and PHP-style `ids[]` both become arrays.
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const previous = fields[name];
    if (previous === undefined) fields[name] = key.endsWith('[]') ? [value] : value;
    else fields[name] = Array.isArray(previous) ? [...(previous as unknown[]), value] : [previous, value];
  }
  return { fields, value: fields };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
