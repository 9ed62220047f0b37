// Koinly's universal import and CoinTracking's CSV import, both spelled from the same neutral
// rows (tax-records.ts, mapped by tax-mapping.ts). Text that is not Coffer's own (the profile's
// name, the description, the public comment) comes from parameters and the rows, so the same
// history gives the same bytes. Times are UTC: Koinly's "YYYY-MM-DD HH:mm UTC", CoinTracking's
// "YYYY-MM-DD HH:mm:ss" (set the CoinTracking import's time zone to UTC).
import type { HistoryEntry } from '../../../../preload/contract/history';
import { alwaysQuotedCell, amountCell, csvLine, textCell } from '../csv/cells';
import type { ExcludedCounts } from './tax-mapping';
import { taxRecords, type Money, type TaxRecord } from './tax-records';

export const KOINLY_NAME = 'koinly.csv';
export const COINTRACKING_NAME = 'cointracking.csv';

export const KOINLY_HEADER = csvLine([
  'Date', 'Sent Amount', 'Sent Currency', 'Received Amount', 'Received Currency', 'Fee Amount', 'Fee Currency',
  'Net Worth Amount', 'Net Worth Currency', 'Label', 'Description', 'TxHash',
]);

export const COINTRACKING_HEADER = csvLine(
  ['Type', 'Buy', 'Cur.', 'Sell', 'Cur.', 'Fee', 'Cur.', 'Exchange', 'Group', 'Comment', 'Date'].map((name) => alwaysQuotedCell(name)),
);

export interface AccountantSource {
  /** The profile the rows came from: CoinTracking's Exchange column and every description. */
  profileName: string;
}

/** "<profile>: <what> (Coffer <ids>) — <comment>" on one line: importers choke on line breaks. */
export function description(record: TaxRecord, source: AccountantSource): string {
  const text = `${source.profileName}: ${record.what} (Coffer ${record.ids.join(' + ')})`;
  const full = record.comment === null || record.comment === '' ? text : `${text} — ${record.comment}`;
  return full.replace(/[\r\n\t]+/g, ' ');
}

/** The ISO time as "YYYY-MM-DD HH:mm:ss" in UTC; text that is not a time is kept as it is. */
function utcDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}

const amountOf = (money: Money | null) => money?.amount ?? null;
const currencyOf = (money: Money | null) => money?.currency ?? null;

export function koinlyLine(record: TaxRecord, source: AccountantSource): string {
  return csvLine([
    textCell(`${utcDateTime(record.at).slice(0, 16)} UTC`),
    amountCell(amountOf(record.sent)), textCell(currencyOf(record.sent)),
    amountCell(amountOf(record.received)), textCell(currencyOf(record.received)),
    amountCell(amountOf(record.fee)), textCell(currencyOf(record.fee)),
    '', '',
    textCell(record.koinlyLabel === '' ? null : record.koinlyLabel),
    textCell(description(record, source)),
    textCell(record.txHash),
  ]);
}

export function coinTrackingLine(record: TaxRecord, source: AccountantSource): string {
  return csvLine([
    alwaysQuotedCell(record.coinTrackingType),
    alwaysQuotedCell(amountOf(record.received), true), alwaysQuotedCell(currencyOf(record.received)),
    alwaysQuotedCell(amountOf(record.sent), true), alwaysQuotedCell(currencyOf(record.sent)),
    alwaysQuotedCell(amountOf(record.fee), true), alwaysQuotedCell(currencyOf(record.fee)),
    alwaysQuotedCell(source.profileName),
    alwaysQuotedCell(record.group),
    alwaysQuotedCell(description(record, source)),
    alwaysQuotedCell(utcDateTime(record.at)),
  ]);
}

/** An accountant's file as it streams: header, then one line per row; `excluded` fills as it goes. */
export function* accountantLines(
  format: 'koinly' | 'cointracking',
  entries: Iterable<HistoryEntry>,
  source: AccountantSource,
  excluded: ExcludedCounts,
): Generator<string> {
  const line = format === 'koinly' ? koinlyLine : coinTrackingLine;
  yield format === 'koinly' ? KOINLY_HEADER : COINTRACKING_HEADER;
  for (const record of taxRecords(entries, excluded)) yield line(record, source);
}
