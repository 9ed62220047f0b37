// A page of wallet transactions written straight as JSON from rows read as arrays: the same bytes
// JSON.stringify gives for toTransactionRecord's objects (same fields, order, omissions), without
// an object per row and per `native`. A 1,000-row page spent most of its time building
// and then serializing those objects.
import type { TxRow } from '../db/transactions';
import { commitRiskScore, iso } from './transaction-record';

/** The columns a page reads, in this order (the indexes below follow it). */
export const TX_PAGE_COLUMNS = [
  'id', 'status', 'type', 'subtype', 'created_at', 'updated_at', 'last_activity_at', 'operation_id', 'tx_id', 'currency',
  'amount', 'network', 'fee', 'address', 'payment_id', 'hash', 'offchain_id', 'confirmations', 'public_comment', 'error_code',
  'senders', 'wallet_id', 'operation_type', 'meta', 'required_confirmations',
] as const satisfies readonly (keyof TxRow)[];

const column = (name: (typeof TX_PAGE_COLUMNS)[number]): number => TX_PAGE_COLUMNS.indexOf(name);
const ID = column('id');
const STATUS = column('status');
const TYPE = column('type');
const SUBTYPE = column('subtype');
const CREATED_AT = column('created_at');
const UPDATED_AT = column('updated_at');
const LAST_ACTIVITY_AT = column('last_activity_at');
const OPERATION_ID = column('operation_id');
const TX_ID = column('tx_id');
const CURRENCY = column('currency');
const AMOUNT = column('amount');
const SENDERS = column('senders');
const META = column('meta');
const CONFIRMATIONS = column('confirmations');
const REQUIRED_CONFIRMATIONS = column('required_confirmations');

/** `native`'s optional members after `amount`, in toTransactionRecord's order, left out when null. */
const OPTIONAL_NATIVE: readonly (readonly [number, string])[] = [
  [column('network'), ',"network_code":'], [column('fee'), ',"fee":'], [column('address'), ',"address":'],
  [column('payment_id'), ',"payment_id":'], [column('hash'), ',"hash":'], [column('offchain_id'), ',"offchain_id":'],
  [CONFIRMATIONS, ',"confirmations":'], [column('public_comment'), ',"public_comment":'], [column('error_code'), ',"error_code":'],
  [SENDERS, ',"senders":'], [column('wallet_id'), ',"wallet_id":'], [column('operation_type'), ',"operation_type":'],
];

/** The JSON array of the rows (read with TX_PAGE_COLUMNS), UTF-8: the bytes of
 * `JSON.stringify(rows.map(toTransactionRecord))`. Each row's text is encoded as it is made: one
 * string of the whole page would be a rope of some 30,000 pieces, and flattening it to encode it
 * cost more than writing it. */
export function transactionsJson(rows: readonly (readonly unknown[])[]): Buffer {
  let buffer = Buffer.allocUnsafe(64 + rows.length * 512);
  let length = buffer.write('[', 0, 'latin1');
  for (let i = 0; i < rows.length; i++) {
    const text = (i > 0 ? ',' : '') + transactionJson(rows[i] as readonly unknown[]);
    // At most three bytes per UTF-16 unit, and one left for the closing bracket.
    if (buffer.length - length < text.length * 3 + 1) {
      const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, length + text.length * 3 + 1));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    length += buffer.write(text, length, 'utf8');
  }
  length += buffer.write(']', length, 'latin1');
  return buffer.subarray(0, length);
}

function transactionJson(row: readonly unknown[]): string {
  let text = `{"id":${json(row[ID])},"status":${word(row[STATUS])},"type":${word(row[TYPE])},"subtype":${word(row[SUBTYPE])}`
    + `,"created_at":${isoJson(row[CREATED_AT])},"updated_at":${isoJson(row[UPDATED_AT])},"last_activity_at":${isoJson(row[LAST_ACTIVITY_AT])}`
    + `,"operation_id":${json(row[OPERATION_ID])},"native":{"tx_id":${json(row[TX_ID])},"index":${json(row[UPDATED_AT])}`
    + `,"currency":${word(row[CURRENCY])},"amount":${json(row[AMOUNT])}`;
  for (const [index, member] of OPTIONAL_NATIVE) {
    const value = row[index];
    if (value === null || value === undefined) continue;
    text += member + (index === SENDERS ? storedJson(value) : json(value));
  }
  text += '}';
  const meta = row[META];
  if (meta !== null && meta !== undefined) text += `,"meta":${storedJson(meta)}`;
  if (row[TYPE] === 'DEPOSIT' && row[SUBTYPE] === 'BLOCKCHAIN') {
    const score = commitRiskScore(row[STATUS] as string, row[CONFIRMATIONS] as number | null, row[REQUIRED_CONFIRMATIONS] as number | null);
    text += `,"commit_risk":{"score":${json(score)},"rbf":false,"low_fee":false}`;
  }
  return `${text}}`;
}

/** A column's value as JSON.stringify writes it inside an object. */
function json(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  return JSON.stringify(value);
}

/** Quoted forms of the few values statuses, types, subtypes and currencies take, each made once. */
const WORDS = new Map<unknown, string>();
const MAX_WORDS = 512;

function word(value: unknown): string {
  let quoted = WORDS.get(value);
  if (quoted === undefined) {
    quoted = json(value);
    if (WORDS.size < MAX_WORDS) WORDS.set(value, quoted);
  }
  return quoted;
}

/** JSON text stored by the sandbox (meta, senders), as re-serializing its parse gives it. Every
 * writer stores JSON.stringify's output, which that round trip leaves unchanged, so only texts
 * that may not be in that form (whitespace, escapes) are parsed again. */
function storedJson(value: unknown): string {
  if (typeof value !== 'string') return json(value);
  if (value === '[]' || value === '{}') return value;
  return JSON.stringify(JSON.parse(value));
}

const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z; beyond it (and before 1970) toISOString is asked directly. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
let cachedDay = Number.NaN;
let cachedDayPrefix = '';

/** `JSON.stringify(iso(ms))`: the date part comes from a one-day cache (a page's rows share few
 * days), the time of day from arithmetic. */
function isoJson(value: unknown): string {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > LAST_FOUR_DIGIT_YEAR_MS) {
    return JSON.stringify(iso(value as number));
  }
  const day = Math.floor(value / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = value - day * DAY_MS;
  const millis = rest % 1000;
  rest = (rest - millis) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  const minutes = rest % 60;
  const hours = (rest - minutes) / 60;
  return `"${cachedDayPrefix}${TWO_DIGITS[hours] as string}:${TWO_DIGITS[minutes] as string}:${TWO_DIGITS[seconds] as string}.${THREE_DIGITS[millis] as string}Z"`;
}
