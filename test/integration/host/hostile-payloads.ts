// Hostile requests for every operation of the contract, derived from its request schemas (so a new
// operation is covered without touching this file): whole payloads of the wrong shape, and a
// valid-looking request with one field at a time replaced by a hostile value or left out.
import { z } from 'zod';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../../preload/contract';
import { parseRequest } from '../../../preload/contract/requests';

export interface HostileCall {
  op: OperationName;
  /** What was done to the request, for the failure message. */
  label: string;
  /** The request as JSON text (some are too deep to be made with JSON.stringify); undefined: the call carries none. */
  json: string | undefined;
}

/** Under the host's 1 MiB message limit once wrapped in a call, so it reaches dispatch. */
export const HUGE_TEXT = 'A'.repeat(900_000);

/** Deeper than JSON.stringify can write, though JSON.parse reads it: only text makes it. */
const DEEP_NESTING = 20_000;
/** Stands for the deeply nested value in a request; replaced by its text when the request is written. */
const DEEP = Symbol('deeply nested');
const deepJson = `${'{"a":'.repeat(DEEP_NESTING)}"x"${'}'.repeat(DEEP_NESTING)}`;

/** The request as the JSON text a page would send, with the deeply nested value written out. */
function jsonOf(request: unknown): string | undefined {
  if (request === undefined) return undefined;
  const marker = 'deeply-nested-value-goes-here';
  const text = JSON.stringify(request, (_key, value: unknown) => (value === DEEP ? marker : value));
  return text.split(JSON.stringify(marker)).join(deepJson);
}

/** Values that go where any field goes. */
export const HOSTILE_VALUES: ReadonlyArray<readonly [string, unknown]> = [
  ['empty text', ''],
  ['blank text', '   '],
  ['huge text', HUGE_TEXT],
  ['lone high surrogate', '\uD800'],
  ['lone low surrogate after text', 'BTC\uDFFF'],
  ['right-to-left override', '\u202Eevil'],
  ['zero-width space', 'B\u200BTC'],
  ['byte order mark', 'BT\uFEFFC'],
  ['NUL', 'BTC\u0000'],
  ['line breaks', 'a\r\nb\tc'],
  ['path', '../../../../etc/passwd'],
  ['markup', '<img src=x onerror=alert(1)>'],
  ['SQL', "' OR 1=1; DROP TABLE profiles; --"],
  ['prototype key', '__proto__'],
  ['number text', '1e400'],
  ['zero', 0],
  ['negative number', -1],
  ['fraction', 0.5],
  ['huge number', 1e308],
  ['unsafe integer', 2 ** 53 + 1],
  ['true', true],
  ['null', null],
  ['empty list', []],
  ['list of text', ['BTC', '\uD800']],
  ['empty object', {}],
  ['operator object', { $gt: '' }],
  ['deeply nested', DEEP],
];

/** Whole requests of the wrong shape. */
const HOSTILE_PAYLOADS: ReadonlyArray<readonly [string, unknown]> = [
  ['empty object', {}],
  ['list', [1, 2, 3]],
  ['long list', new Array(100_000).fill(0)],
  ['text', 'request'],
  ['huge text', HUGE_TEXT],
  ['number', 42],
  ['false', false],
  ['unknown key only', { unexpected: 1 }],
  ['prototype pollution', JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}')],
  ['broken key', { 'id\uD800': 'x' }],
  ['deeply nested', DEEP],
];

/** Plain texts tried in turn for a text field until its schema takes one. */
function textCandidates(): string[] {
  const now = new Date();
  return [
    'BTC', 'USDT', '0.1', now.toISOString(), now.toISOString().slice(0, 10), `${'A'.repeat(43)}=`, 'QUJD',
    'https://127.0.0.1:1', 'wss://127.0.0.1:1', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    // A SHA-256 in hex, as a team entry's hash names the proposal it approves.
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  ];
}

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minimum?: number;
};

/** A first guess at a valid value, from the schema's JSON form; text is settled against the schema later. */
function guess(schema: JsonSchema): unknown {
  if (schema.enum !== undefined) return schema.enum[0];
  if (schema.anyOf !== undefined) return guess(schema.anyOf.find((option) => option.type !== 'null') ?? {});
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, guess(inner)]));
    case 'array':
      return [guess(schema.items ?? {})];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    default:
      return 'BTC';
  }
}

/** Every path to a value in `value` (object keys and list items), outermost first. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return prefix.length === 0 ? [] : [prefix];
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  const inner = entries.flatMap(([key, item]) => pathsOf(item, [...prefix, key]));
  return prefix.length === 0 ? inner : [prefix, ...inner];
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((inner, key) => (typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>)[key] : undefined), value);
}

function withValue(value: unknown, path: readonly string[], replacement: unknown, remove = false): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...(value as object) };
  if (rest.length === 0 && remove) delete copy[head];
  else copy[head] = withValue(copy[head], rest, replacement, remove);
  return copy;
}

/** parseRequest here, in the test's own process: a schema that throws must fail on the host, where it is judged. */
function parseSafely(op: OperationName, request: unknown): ReturnType<typeof parseRequest> {
  try {
    return parseRequest(op, request);
  } catch {
    return { ok: false, error: { code: 'VALIDATION', message: 'the schema threw', field: '?' } };
  }
}

const jsonSchemaOf = (op: OperationName) => z.toJSONSchema(OPERATIONS[op].request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The part of a JSON schema that describes the value at `path`. */
function schemaAt(schema: JsonSchema, path: readonly string[]): JsonSchema {
  const [head, ...rest] = path;
  if (head === undefined) return schema;
  const inner = schema.anyOf?.find((option) => option.type !== 'null') ?? schema;
  const next = inner.type === 'array' ? inner.items : inner.properties?.[head];
  return next === undefined ? {} : schemaAt(next, rest);
}

/**
 * A request `op`'s schema accepts, or the closest guess: each text field the schema refuses is given
 * the first of its enum values or of the plain candidates that it takes. Passes repeat because an
 * object's own rule (from and to differ) is only checked once each field is right.
 */
export function validLookingRequest(op: OperationName): { request: unknown; valid: boolean } {
  const schema = jsonSchemaOf(op);
  let request = guess(schema);
  const refusedField = () => {
    const parsed = parseSafely(op, request);
    return parsed.ok ? null : parsed.error.field;
  };
  for (let pass = 0; pass < 3 && refusedField() !== null; pass += 1) {
    for (const path of pathsOf(request)) {
      if (typeof valueAt(request, path) !== 'string') continue;
      const candidates = schemaAt(schema, path).enum ?? textCandidates();
      for (const candidate of candidates) {
        if (refusedField() !== path.join('.')) break;
        request = withValue(request, path, candidate);
      }
    }
  }
  return { request, valid: refusedField() === null };
}

/** Whether the operation takes no request data (its valid requests are nothing and null). */
export const takesNoData = (op: OperationName) => parseSafely(op, undefined).ok;

/**
 * Operations whose valid-looking request is not mutated, only sent the whole-payload hostiles (each
 * refused by shape before anything runs): activateProfile and removeProfile, because a mutation
 * that happens to be valid (an optional field left out, a hostile text a loose id pattern takes)
 * would switch or delete the profile every other call of the run is answered from. An operation
 * that quits the app or resets its data would belong here too; the contract has none today.
 * Operations that take no data get no nothing or null: those are their valid requests, not hostile.
 */
export const NOT_MUTATED: ReadonlySet<OperationName> = new Set(['activateProfile', 'removeProfile']);

/**
 * Every hostile call. An object or list several operations share (the history filter) has its own
 * fields fuzzed in the first operation that takes it only; later ones get hostile values for it whole.
 */
export function hostileCalls(): HostileCall[] {
  const requests: [OperationName, string, unknown][] = [];
  const fuzzedInside = new Set<string>();
  for (const op of OPERATION_NAMES) {
    const noData = takesNoData(op);
    if (!noData) requests.push([op, 'no request', undefined], [op, 'null request', null]);
    for (const [label, request] of HOSTILE_PAYLOADS) requests.push([op, label, request]);
    if (noData || NOT_MUTATED.has(op)) continue;
    const { request: base } = validLookingRequest(op);
    const schema = jsonSchemaOf(op);
    const shapeOf = (path: readonly string[]) => JSON.stringify(schemaAt(schema, path));
    const containers = pathsOf(base).filter((path) => typeof valueAt(base, path) === 'object');
    const paths = pathsOf(base).filter((path) => !path.slice(0, -1).some((_, end) => fuzzedInside.has(shapeOf(path.slice(0, end + 1)))));
    requests.push([op, 'an extra key', { ...(base as object), extra: 'x' }]);
    for (const path of paths) {
      const field = path.join('.');
      requests.push([op, `${field} left out`, withValue(base, path, undefined, true)]);
      for (const [label, value] of HOSTILE_VALUES) requests.push([op, `${field}: ${label}`, withValue(base, path, value)]);
    }
    for (const path of containers) fuzzedInside.add(shapeOf(path));
  }
  return requests.map(([op, label, request]) => ({ op, label, json: jsonOf(request) }));
}
