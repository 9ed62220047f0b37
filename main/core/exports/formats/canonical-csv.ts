// transactions.csv: Coffer's own CSV of the history, the file review loads. One column per
// HistoryEntry field (buyCrypto flattened into six buy_ columns), RFC 4180 with CRLF, UTF-8
// without a byte-order mark, times and amounts exactly as stored, the formula guard on text cells
// (csv/cells.ts). It reads back to identical entries: that is what makes review show the rows the
// desk exported. A buyCrypto whose six details are all null reads back as null.
import type { HistoryBuyCrypto, HistoryEntry } from '../../../../preload/contract/history';
import { amountCell, cellText, csvLine, textCell } from '../csv/cells';
import { CsvRecordParser, type CsvRecord } from '../csv/records';
import { BUY_CRYPTO_FIELDS, confirmations, direction, ENTRY_FIELDS, EntryFormatError, optionalText, requiredText } from './entry-fields';

export const CANONICAL_CSV_NAME = 'transactions.csv';

const COLUMNS = [
  ...ENTRY_FIELDS.map(([, column]) => column),
  'confirmations',
  'comment',
  ...BUY_CRYPTO_FIELDS.map(([, column]) => column),
];

export const CANONICAL_CSV_HEADER = csvLine(COLUMNS);

/**
 * One CRLF-terminated line per entry (the header not included). Spelled out field by field, in
 * ENTRY_FIELDS' order then confirmations, comment and BUY_CRYPTO_FIELDS' order (the reader and the
 * golden file hold it to that): a million lines are written per export.
 */
export function canonicalCsvLine(e: HistoryEntry): string {
  const buy = e.buyCrypto;
  return (
    textCell(e.id) + ',' + textCell(e.createdAt) + ',' + textCell(e.updatedAt) + ',' + textCell(e.type) + ',' +
    textCell(e.subtype) + ',' + textCell(e.status) + ',' + textCell(e.direction) + ',' + textCell(e.currency) + ',' +
    amountCell(e.amount) + ',' + amountCell(e.fee) + ',' + textCell(e.network) + ',' + textCell(e.address) + ',' +
    textCell(e.paymentId) + ',' + textCell(e.hash) + ',' + textCell(e.txId) + ',' + textCell(e.operationId) + ',' +
    textCell(e.offchainId) + ',' + textCell(e.operationType) + ',' + (e.confirmations === null ? '' : String(e.confirmations)) + ',' +
    textCell(e.comment) + ',' +
    (buy === null
      ? ',,,,,'
      : textCell(buy.provider) + ',' + textCell(buy.sourceCurrency) + ',' + amountCell(buy.sourceAmount) + ',' +
        textCell(buy.targetCurrency) + ',' + amountCell(buy.targetAmount) + ',' + textCell(buy.paymentMethod)) +
    '\r\n'
  );
}

/** The header, then one line per entry: the file as it streams into the zip. */
export function* canonicalCsvLines(entries: Iterable<HistoryEntry>): Generator<string> {
  yield CANONICAL_CSV_HEADER;
  for (const entry of entries) yield canonicalCsvLine(entry);
}

/** Reads the entries back from the file's text as it arrives, one callback per entry. */
export class CanonicalCsvReader {
  private readonly parser: CsvRecordParser;
  private sawHeader = false;
  rows = 0;

  constructor(onEntry: (entry: HistoryEntry) => void) {
    this.parser = new CsvRecordParser((cells, recordNo) => {
      if (recordNo === 1) {
        checkHeader(cells);
        this.sawHeader = true;
        return;
      }
      this.rows += 1;
      onEntry(entryFromRecord(cells, this.rows));
    });
  }

  push(text: string): void {
    this.parser.push(text);
  }

  end(): void {
    this.parser.end();
    if (!this.sawHeader) throw new EntryFormatError(`${CANONICAL_CSV_NAME} is empty`);
  }
}

function checkHeader(cells: CsvRecord): void {
  const header = cells.join(',');
  if (header !== COLUMNS.join(',')) throw new EntryFormatError(`${CANONICAL_CSV_NAME} does not start with Coffer's column names`);
}

function entryFromRecord(cells: CsvRecord, row: number): HistoryEntry {
  if (cells.length !== COLUMNS.length) throw new EntryFormatError(`row ${row}: ${cells.length} cells, expected ${COLUMNS.length}`);
  const text = (index: number) => cellText(cells[index] ?? null);
  const entry: Record<string, unknown> = {};
  ENTRY_FIELDS.forEach(([field, column, kind], index) => {
    const value = text(index);
    entry[field] = kind === 'required' || kind === 'amount' ? requiredText(value, column, row) : optionalText(value, column, row);
  });
  let index = ENTRY_FIELDS.length;
  const confirmationCount = confirmations(cells[index++], row);
  const comment = text(index++);
  const buy: Record<string, string | null> = {};
  let anyBuy = false;
  for (const [field] of BUY_CRYPTO_FIELDS) {
    const value = text(index++);
    buy[field] = value;
    anyBuy ||= value !== null;
  }
  return {
    ...(entry as Omit<HistoryEntry, 'direction' | 'confirmations' | 'comment' | 'buyCrypto' | 'explorerUrl'>),
    direction: direction(entry.direction, row),
    confirmations: confirmationCount,
    comment,
    buyCrypto: anyBuy ? (buy as unknown as HistoryBuyCrypto) : null,
    explorerUrl: null,
  };
}
