// transactions.csv: Coffer's own CSV of the history, the file review loads. One column per
// HistoryEntry field (buyCrypto flattened into six buy_ columns), RFC 4180 with CRLF, UTF-8
// without a byte-order mark, times and amounts exactly as stored, the formula guard on text cells
// (csv/cells.ts). It reads back to identical entries: that is what makes review show the rows the
// desk exported. A buyCrypto whose six details are all null reads back as null. After them come
// the derived columns of row-extras.ts (record kind, trade details, value at the row's time),
// added at the end so every earlier column keeps its place; a file from before them still reads.
import type { HistoryBuyCrypto, HistoryEntry } from '../../../../preload/contract/history';
import { amountCell, cellText, csvLine, textCell } from '../csv/cells';
import { CsvRecordParser, type CsvRecord } from '../csv/records';
import type { RowPricer, RowValue } from '../pricing/row-pricer';
import { BUY_CRYPTO_FIELDS, confirmations, direction, ENTRY_FIELDS, EntryFormatError } from './entry-fields';
import { EXTRA_COLUMNS, recordKind, rowValue, tradeDetails, type RecordKind, type TradeDetails } from './row-extras';

export const CANONICAL_CSV_NAME = 'transactions.csv';

/** The stored fields' columns: all a file written before the derived columns has. */
const STORED_COLUMNS = [
  ...ENTRY_FIELDS.map(([, column]) => column),
  'confirmations',
  'comment',
  ...BUY_CRYPTO_FIELDS.map(([, column]) => column),
];

const COLUMNS = [...STORED_COLUMNS, ...EXTRA_COLUMNS];

export const CANONICAL_CSV_HEADER = csvLine(COLUMNS);

/**
 * One CRLF-terminated line per entry (the header not included). Spelled out field by field, in
 * ENTRY_FIELDS' order then confirmations, comment and BUY_CRYPTO_FIELDS' order (the reader and the
 * golden file hold it to that): a million lines are written per export.
 */
export function canonicalCsvLine(e: HistoryEntry, pricer?: RowPricer): string {
  return (
    textCell(e.id) + ',' + textCell(e.createdAt) + ',' + textCell(e.updatedAt) + ',' + textCell(e.type) + ',' +
    textCell(e.subtype) + ',' + textCell(e.status) + ',' + textCell(e.direction) + ',' + textCell(e.currency) + ',' +
    amountCell(e.amount) + ',' + amountCell(e.fee) + ',' + textCell(e.network) + ',' + textCell(e.address) + ',' +
    textCell(e.paymentId) + ',' + textCell(e.hash) + ',' + textCell(e.txId) + ',' + textCell(e.operationId) + ',' +
    textCell(e.offchainId) + ',' + textCell(e.operationType) + ',' + (e.confirmations === null ? '' : String(e.confirmations)) + ',' +
    canonicalCsvTail(e.comment, e.buyCrypto, recordKind(e), tradeDetails(e), rowValue(e, pricer))
  );
}

/** The line after the confirmations cell: comment, buy-crypto details, derived cells, CRLF. */
export function canonicalCsvTail(comment: string | null, buy: HistoryBuyCrypto | null, record: RecordKind, trade: TradeDetails | null, value: RowValue | null): string {
  return (
    textCell(comment) + ',' +
    (buy === null
      ? ',,,,,'
      : textCell(buy.provider) + ',' + textCell(buy.sourceCurrency) + ',' + amountCell(buy.sourceAmount) + ',' +
        textCell(buy.targetCurrency) + ',' + amountCell(buy.targetAmount) + ',' + textCell(buy.paymentMethod)) +
    ',' + record + ',' +
    (trade === null
      ? ',,,,,'
      : textCell(trade.symbol) + ',' + textCell(trade.side) + ',' + amountCell(trade.quantity) + ',' + amountCell(trade.price) + ',' +
        amountCell(trade.fee) + ',' + textCell(trade.feeCurrency)) +
    ',' + (value === null ? ',,' : amountCell(value.value) + ',' + textCell(value.currency) + ',' + textCell(value.note)) +
    '\r\n'
  );
}

/** The header, then one line per entry: the file as it streams into the zip. */
export function* canonicalCsvLines(entries: Iterable<HistoryEntry>, pricer?: RowPricer): Generator<string> {
  yield CANONICAL_CSV_HEADER;
  for (const entry of entries) yield canonicalCsvLine(entry, pricer);
}

/** Reads the entries back from the file's text as it arrives, one callback per entry. */
export class CanonicalCsvReader {
  private readonly parser: CsvRecordParser;
  private sawHeader = false;
  /** The header's column count: with the derived columns, or the stored ones alone (an older file). */
  private columns = COLUMNS.length;
  rows = 0;

  constructor(onEntry: (entry: HistoryEntry) => void) {
    this.parser = new CsvRecordParser((cells, recordNo) => {
      if (recordNo === 1) {
        this.columns = checkHeader(cells);
        this.sawHeader = true;
        return;
      }
      this.rows += 1;
      onEntry(entryFromRecord(cells, this.rows, this.columns));
    }, { source: CANONICAL_CSV_NAME });
  }

  push(text: string): void {
    this.parser.push(text);
  }

  end(): void {
    this.parser.end();
    if (!this.sawHeader) throw new EntryFormatError(`${CANONICAL_CSV_NAME} is empty`);
  }
}

/** The number of columns the file has, once its header is known to be Coffer's. */
function checkHeader(cells: CsvRecord): number {
  const header = cells.join(',');
  if (header === COLUMNS.join(',')) return COLUMNS.length;
  if (header === STORED_COLUMNS.join(',')) return STORED_COLUMNS.length;
  throw new EntryFormatError(`${CANONICAL_CSV_NAME} does not start with Coffer's column names`);
}

/** A required cell (it may hold the empty string, never be empty and unquoted). */
function required(cells: CsvRecord, index: number, row: number): string {
  const cell = cells[index];
  if (cell === null || cell === undefined) throw new EntryFormatError(`row ${row}: ${COLUMNS[index]} is missing`);
  return cellText(cell) as string;
}

const optional = (cells: CsvRecord, index: number): string | null => cellText(cells[index] ?? null);

/** The entry of one record, field by field in canonicalCsvLine's order (a million rows are read per review). */
function entryFromRecord(cells: CsvRecord, row: number, columns: number): HistoryEntry {
  if (cells.length !== columns) throw new EntryFormatError(`row ${row}: ${cells.length} cells, expected ${columns}`);
  const provider = optional(cells, 20);
  const sourceCurrency = optional(cells, 21);
  const sourceAmount = optional(cells, 22);
  const targetCurrency = optional(cells, 23);
  const targetAmount = optional(cells, 24);
  const paymentMethod = optional(cells, 25);
  const anyBuy = provider !== null || sourceCurrency !== null || sourceAmount !== null || targetCurrency !== null || targetAmount !== null || paymentMethod !== null;
  return {
    id: required(cells, 0, row),
    createdAt: required(cells, 1, row),
    updatedAt: required(cells, 2, row),
    type: required(cells, 3, row),
    subtype: required(cells, 4, row),
    status: required(cells, 5, row),
    direction: direction(cells[6], row),
    currency: required(cells, 7, row),
    amount: required(cells, 8, row),
    fee: optional(cells, 9),
    network: optional(cells, 10),
    address: optional(cells, 11),
    paymentId: optional(cells, 12),
    hash: optional(cells, 13),
    txId: optional(cells, 14),
    operationId: optional(cells, 15),
    offchainId: optional(cells, 16),
    operationType: optional(cells, 17),
    confirmations: confirmations(cells[18], row),
    comment: optional(cells, 19),
    buyCrypto: anyBuy ? { provider, sourceCurrency, sourceAmount, targetCurrency, targetAmount, paymentMethod } : null,
    explorerUrl: null,
  };
}
