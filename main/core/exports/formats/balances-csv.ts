// balances-<day>.csv: every currency's amount at one day's close, its close price and value in the
// valuation currency, one row per currency. RFC 4180 with CRLF like transactions.csv, the same
// cells (csv/cells.ts: formula guard on text, amounts exactly as computed, an unknown price or
// value an empty cell), and it reads back to the same rows: what review shows is what was signed.
import type { BalancesManifest } from '../../../../preload/contract/history';
import type { DateBalances } from '../../../../preload/contract/portfolio';
import { amountCell, cellText, csvLine, textCell } from '../csv/cells';
import { CsvFormatError, CsvRecordParser, type CsvRecord } from '../csv/records';

export type BalanceRow = DateBalances['rows'][number];

export const BALANCES_COLUMNS = ['currency', 'amount', 'price', 'value', 'valuation_currency', 'close_time'] as const;

export const balancesCsvName = (day: string): string => `balances-${day}.csv`;

/** Whether an archive's file is a balances file (one per balances export). */
export const isBalancesCsvName = (name: string): boolean => /^balances-\d{4}-\d{2}-\d{2}\.csv$/.test(name);

/** The header, then one line per currency. */
export function* balancesCsvLines(balances: Pick<DateBalances, 'rows' | 'valuationCurrency' | 'closeAt'>): Generator<string> {
  yield csvLine(BALANCES_COLUMNS);
  for (const row of balances.rows) {
    yield csvLine([
      textCell(row.currency), amountCell(row.amount), amountCell(row.price), amountCell(row.value),
      textCell(balances.valuationCurrency), textCell(balances.closeAt),
    ]);
  }
}

/** The rows of a balances file's text; anything but Coffer's own columns is an error naming the row. */
export function readBalancesCsv(text: string, name: string): BalanceRow[] {
  const rows: BalanceRow[] = [];
  let sawHeader = false;
  const parser = new CsvRecordParser((cells, recordNo) => {
    if (recordNo === 1) {
      if (cells.join(',') !== BALANCES_COLUMNS.join(',')) throw new CsvFormatError(`${name} does not start with Coffer's column names`);
      sawHeader = true;
      return;
    }
    rows.push(rowOf(cells, recordNo - 1, name));
  }, { source: name });
  parser.push(text);
  parser.end();
  if (!sawHeader) throw new CsvFormatError(`${name} is empty`);
  return rows;
}

function rowOf(cells: CsvRecord, row: number, name: string): BalanceRow {
  if (cells.length !== BALANCES_COLUMNS.length) throw new CsvFormatError(`${name} row ${row}: ${cells.length} cells, expected ${BALANCES_COLUMNS.length}`);
  const required = (index: number): string => {
    const text = cellText(cells[index] ?? null);
    if (text === null || text === '') throw new CsvFormatError(`${name} row ${row}: ${BALANCES_COLUMNS[index]} is missing`);
    return text;
  };
  return { currency: required(0), amount: required(1), price: cellText(cells[2] ?? null), value: cellText(cells[3] ?? null) };
}

/** The day's balances as review shows them: the file's rows with what the signed manifest says of the day. */
export function balancesFromExport(rows: readonly BalanceRow[], day: BalancesManifest): DateBalances {
  return {
    ...day,
    rows: [...rows],
    unpriced: rows.filter((row) => row.price === null).map((row) => row.currency),
    // Neither is exported: the file holds what was signed, as written.
    notes: [],
    syncing: false,
    precision: {},
  };
}
