// Per currency, what an exported transactions.csv says moved: Σ in − Σ out − Σ fee over its
// completed rows, exactly (decimal.js). What a reconciliation of an export against an account's
// balances adds up; `skipWalletSpotMoves` leaves out the transfers between the wallet and spot,
// which move nothing out of a wallet + spot total.
import Decimal from '../../../preload/contract/decimal';
import { CsvRecordParser } from '../../../main/core/exports/csv/records';
import { cellText } from '../../../main/core/exports/csv/cells';

const WALLET_SPOT_MOVES = new Set(['WALLET_TO_SPOT', 'SPOT_TO_WALLET']);

export function exportedNetPerCurrency(transactionsCsv: string, skipWalletSpotMoves = false): Map<string, Decimal> {
  const net = new Map<string, Decimal>();
  let header: string[] = [];
  const parser = new CsvRecordParser((cells, recordNo) => {
    if (recordNo === 1) {
      header = cells.map((cell) => cell ?? '');
      return;
    }
    const cell = (name: string) => cellText(cells[header.indexOf(name)] ?? null);
    if (cell('status') !== 'SUCCESS') return;
    if (skipWalletSpotMoves && cell('type') === 'TRANSFER' && WALLET_SPOT_MOVES.has(cell('subtype') ?? '')) return;
    const currency = cell('currency') as string;
    const amount = new Decimal(cell('amount') as string);
    const moved = (cell('direction') === 'in' ? amount : amount.negated()).minus(cell('fee') ?? 0);
    net.set(currency, (net.get(currency) ?? new Decimal(0)).plus(moved));
  });
  parser.push(transactionsCsv);
  parser.end();
  return net;
}
