// Per currency, what an exported transactions.csv says moved: Σ in − Σ out − Σ fee over its
// completed rows, exactly (decimal.js). What a reconciliation of an export against an account's
// balances adds up.
import Decimal from '../../../preload/contract/decimal';
import { CsvRecordParser } from '../../../main/core/exports/csv/records';
import { cellText } from '../../../main/core/exports/csv/cells';

export function exportedNetPerCurrency(transactionsCsv: string): Map<string, Decimal> {
  const net = new Map<string, Decimal>();
  let header: string[] = [];
  const parser = new CsvRecordParser((cells, recordNo) => {
    if (recordNo === 1) {
      header = cells.map((cell) => cell ?? '');
      return;
    }
    const cell = (name: string) => cellText(cells[header.indexOf(name)] ?? null);
    if (cell('status') !== 'SUCCESS') return;
    const currency = cell('currency') as string;
    const amount = new Decimal(cell('amount') as string);
    const moved = (cell('direction') === 'in' ? amount : amount.negated()).minus(cell('fee') ?? 0);
    net.set(currency, (net.get(currency) ?? new Decimal(0)).plus(moved));
  });
  parser.push(transactionsCsv);
  parser.end();
  return net;
}
