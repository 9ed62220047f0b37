// transactions.json: {"format":"coffer-transactions","version":1,"rows":[…]} with one row per
// line, so it streams out and back in line by line. Each row carries the HistoryEntry's fields
// in file order (explorerUrl left out, as in the CSV), then the derived fields of row-extras.ts
// (record, trade, value, valueCurrency, valueNote); it reads back to identical entries (the
// derived fields are not read, so a file from before them still reads).
import type { HistoryBuyCrypto, HistoryEntry } from '../../../../preload/contract/history';
import type { RowPricer, RowValue } from '../pricing/row-pricer';
import { BUY_CRYPTO_FIELDS, confirmations, direction, EntryFormatError, optionalText, requiredText } from './entry-fields';
import { recordKind, rowValue, tradeDetails, type RecordKind, type TradeDetails } from './row-extras';

export const JSON_ROWS_NAME = 'transactions.json';
export const JSON_ROWS_OPENING = '{"format":"coffer-transactions","version":1,"rows":[\n';
export const JSON_ROWS_CLOSING = ']}\n';

/** The derived fields after the stored ones (value fields absent when the export is not priced). */
interface DerivedFields {
  record: RecordKind;
  trade: TradeDetails | null;
  value?: string | null;
  valueCurrency?: string;
  valueNote?: string | null;
}

/** The row as written: the entry's fields in file order (entry-fields.ts), explorerUrl left out, then the derived ones. */
function jsonRow(e: HistoryEntry, value: RowValue | null): Omit<HistoryEntry, 'explorerUrl'> & DerivedFields {
  const buy = e.buyCrypto;
  return {
    id: e.id, createdAt: e.createdAt, updatedAt: e.updatedAt, type: e.type, subtype: e.subtype, status: e.status,
    direction: e.direction, currency: e.currency, amount: e.amount, fee: e.fee, network: e.network, address: e.address,
    paymentId: e.paymentId, hash: e.hash, txId: e.txId, operationId: e.operationId, offchainId: e.offchainId,
    operationType: e.operationType, confirmations: e.confirmations, comment: e.comment,
    buyCrypto: buy === null ? null : {
      provider: buy.provider, sourceCurrency: buy.sourceCurrency, sourceAmount: buy.sourceAmount,
      targetCurrency: buy.targetCurrency, targetAmount: buy.targetAmount, paymentMethod: buy.paymentMethod,
    },
    record: recordKind(e),
    trade: tradeDetails(e),
    ...(value === null ? {} : { value: value.value, valueCurrency: value.currency, valueNote: value.note }),
  };
}

/** Whether JSON.stringify may escape something in the text: a quote, a backslash, a control character; any surrogate is left to it (it escapes a lone one). */
function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return true;
  }
  return false;
}

/** A JSON value of a text field, as JSON.stringify writes it; undefined for anything but text or null. */
function jsonText(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value !== 'string') return undefined;
  return needsEscape(value) ? JSON.stringify(value) : `"${value}"`;
}

/**
 * The row as JSON.stringify(jsonRow(…)) spells it (`value`: the row's value, rowValue), built field by field (several times faster over a
 * million rows); undefined when a field is not what the store holds, and the caller stringifies.
 */
export function jsonRowText(e: HistoryEntry, value: RowValue | null): string | undefined {
  const confirmations = e.confirmations === null ? 'null' : Number.isSafeInteger(e.confirmations) ? String(e.confirmations) : undefined;
  const texts = [
    e.id, e.createdAt, e.updatedAt, e.type, e.subtype, e.status, e.direction, e.currency, e.amount, e.fee, e.network, e.address,
    e.paymentId, e.hash, e.txId, e.operationId, e.offchainId, e.operationType,
  ].map(jsonText);
  const tail = jsonRowTail(e.comment, e.buyCrypto, recordKind(e), tradeDetails(e), value);
  if (texts.includes(undefined) || confirmations === undefined || tail === undefined) return undefined;
  let row = '{';
  for (let i = 0; i < STORED_FIELDS.length; i += 1) row += `"${STORED_FIELDS[i]}":${texts[i]},`;
  return `${row}"confirmations":${confirmations},${tail}`;
}

/** The row after its confirmations: comment, buyCrypto, the derived fields, the closing brace; undefined as jsonRowText. */
export function jsonRowTail(comment: unknown, buy: HistoryBuyCrypto | null | undefined, record: RecordKind, trade: TradeDetails | null, value: RowValue | null): string | undefined {
  const commentText = jsonText(comment);
  const buyText = buy === null ? 'null' : buy === undefined ? undefined : jsonObject(BUY_FIELDS, [
    buy.provider, buy.sourceCurrency, buy.sourceAmount, buy.targetCurrency, buy.targetAmount, buy.paymentMethod,
  ]);
  const tradeText = trade === null ? 'null' : jsonObject(TRADE_FIELDS, [trade.symbol, trade.side, trade.quantity, trade.price, trade.fee, trade.feeCurrency]);
  const valueText = value === null ? '' : jsonFields(VALUE_FIELDS, [value.value, value.currency, value.note]);
  if (commentText === undefined || buyText === undefined || tradeText === undefined || valueText === undefined) return undefined;
  return `"comment":${commentText},"buyCrypto":${buyText},"record":"${record}","trade":${tradeText}${valueText}}`;
}

const STORED_FIELDS = [
  'id', 'createdAt', 'updatedAt', 'type', 'subtype', 'status', 'direction', 'currency', 'amount', 'fee', 'network', 'address',
  'paymentId', 'hash', 'txId', 'operationId', 'offchainId', 'operationType',
] as const;
const BUY_FIELDS = ['provider', 'sourceCurrency', 'sourceAmount', 'targetCurrency', 'targetAmount', 'paymentMethod'] as const;
const TRADE_FIELDS = ['symbol', 'side', 'quantity', 'price', 'fee', 'feeCurrency'] as const;
const VALUE_FIELDS = ['value', 'valueCurrency', 'valueNote'] as const;

/** ',"a":…,"b":…' of text fields; undefined when one is not text or null. */
function jsonFields(names: readonly string[], values: readonly unknown[]): string | undefined {
  let text = '';
  for (let i = 0; i < names.length; i += 1) {
    const value = jsonText(values[i]);
    if (value === undefined) return undefined;
    text += `,"${names[i]}":${value}`;
  }
  return text;
}

function jsonObject(names: readonly string[], values: readonly unknown[]): string | undefined {
  const fields = jsonFields(names, values);
  return fields === undefined ? undefined : `{${fields.slice(1)}}`;
}

/** One row's JSON, without the line's end (a comma ends every row's line but the last). */
export function jsonRowLine(entry: HistoryEntry, pricer?: RowPricer): string {
  // Valued once: the pricer counts each row it has no price for.
  const value = rowValue(entry, pricer);
  return jsonRowText(entry, value) ?? JSON.stringify(jsonRow(entry, value));
}

/** The opening, one line per row (a comma ends every row line but the last), the closing. */
export function* jsonRowsLines(entries: Iterable<HistoryEntry>, pricer?: RowPricer): Generator<string> {
  yield JSON_ROWS_OPENING;
  let previous: string | null = null;
  for (const entry of entries) {
    if (previous !== null) yield previous + ',\n';
    previous = jsonRowLine(entry, pricer);
  }
  if (previous !== null) yield previous + '\n';
  yield JSON_ROWS_CLOSING;
}

/** Far longer than any row Coffer writes (a few hundred characters), far shorter than memory. */
export const MAX_LINE_CHARS = 1024 * 1024;

/**
 * Reads the rows back from the file's text as it arrives, one callback per entry. Each character
 * is looked at once whatever the chunk boundaries (a line's pieces are joined only when it ends),
 * and a line longer than `maxLineChars` is refused before it is held.
 */
export class JsonRowsReader {
  /** The pieces of the line not yet ended, and their length. */
  private pieces: string[] = [];
  private pending = 0;
  private line = 0;
  private closed = false;
  private expectMore = false;
  rows = 0;

  constructor(private readonly onEntry: (entry: HistoryEntry) => void, private readonly maxLineChars = MAX_LINE_CHARS) {}

  push(text: string): void {
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      this.checkLength(end - start);
      const piece = text.slice(start, end);
      const line = this.pieces.length === 0 ? piece : this.pieces.join('') + piece;
      this.pieces = [];
      this.pending = 0;
      this.readLine(line);
      start = end + 1;
    }
    if (start < text.length) {
      this.checkLength(text.length - start);
      this.pieces.push(text.slice(start));
      this.pending += text.length - start;
    }
  }

  private checkLength(more: number): void {
    if (this.pending + more > this.maxLineChars) {
      throw new EntryFormatError(`${JSON_ROWS_NAME} line ${this.line + 1}: the line is longer than ${this.maxLineChars.toLocaleString('en')} characters, far more than a row holds`);
    }
  }

  end(): void {
    if (this.pending > 0) throw this.error('the file does not end with a line break');
    if (!this.closed) throw this.error('the file ends before its rows are closed');
  }

  private readLine(line: string): void {
    this.line += 1;
    if (this.closed) throw this.error('text after the end of the rows');
    if (this.line === 1) {
      if (line + '\n' !== JSON_ROWS_OPENING) throw this.error('the file does not start as Coffer writes it');
      return;
    }
    if (line + '\n' === JSON_ROWS_CLOSING) {
      if (this.expectMore) throw this.error('a row ends with a comma but none follows');
      this.closed = true;
      return;
    }
    if (this.line > 2 && !this.expectMore) throw this.error('rows are not separated by commas');
    this.expectMore = line.endsWith(',');
    const json = this.expectMore ? line.slice(0, -1) : line;
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw this.error('a row is not valid JSON');
    }
    this.rows += 1;
    this.onEntry(entryFromJson(parsed, this.rows));
  }

  private error(what: string): EntryFormatError {
    return new EntryFormatError(`${JSON_ROWS_NAME} line ${this.line}: ${what}`);
  }
}

function entryFromJson(value: unknown, row: number): HistoryEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new EntryFormatError(`row ${row}: not an object`);
  const source = value as Record<string, unknown>;
  const required = (field: keyof HistoryEntry) => requiredText(source[field], field, row);
  const optional = (field: keyof HistoryEntry) => optionalText(source[field], field, row);
  return {
    id: required('id'),
    createdAt: required('createdAt'),
    updatedAt: required('updatedAt'),
    type: required('type'),
    subtype: required('subtype'),
    status: required('status'),
    direction: direction(source.direction, row),
    currency: required('currency'),
    amount: required('amount'),
    fee: optional('fee'),
    network: optional('network'),
    address: optional('address'),
    paymentId: optional('paymentId'),
    hash: optional('hash'),
    txId: optional('txId'),
    operationId: optional('operationId'),
    offchainId: optional('offchainId'),
    operationType: optional('operationType'),
    confirmations: confirmations(source.confirmations, row),
    comment: optional('comment'),
    buyCrypto: buyCryptoFromJson(source.buyCrypto, row),
    explorerUrl: null,
  };
}

function buyCryptoFromJson(value: unknown, row: number): HistoryBuyCrypto | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw new EntryFormatError(`row ${row}: buyCrypto is not an object`);
  const source = value as Record<string, unknown>;
  const buy: Record<string, string | null> = {};
  for (const [field] of BUY_CRYPTO_FIELDS) buy[field] = optionalText(source[field], `buyCrypto.${field}`, row);
  return buy as unknown as HistoryBuyCrypto;
}
