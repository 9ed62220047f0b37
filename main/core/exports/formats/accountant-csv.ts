// Koinly's universal import and CoinTracking's CSV import, both spelled from the same neutral
// rows (tax-records.ts, mapped by tax-mapping.ts). Text that is not Coffer's own (the profile's
// name, the description, the public comment) comes from parameters and the rows, so the same
// history gives the same bytes. Times are UTC: Koinly's "YYYY-MM-DD HH:mm UTC", CoinTracking's
// "YYYY-MM-DD HH:mm:ss" (set the CoinTracking import's time zone to UTC).
//
// Every row carries its value at its time in the export's valuation currency (row-pricer.ts):
// Koinly's "Net Worth Amount" / "Net Worth Currency" (the received side's value, else the sent
// side's). CoinTracking's bulk import reads its columns by position, and after Date come Tx-ID,
// "Buy Value in Account Currency" and "Sell Value in Account Currency" (the layout of its
// CSV/Excel import template, as the cointracking-imports library's CTImportData lays it out:
// ... date, tradeId, buyValue, sellValue); those values are in the export's valuation currency,
// which the manifest names and which must be the CoinTracking account's currency to be read as
// such. Tx-ID is the Coffer ids, which CoinTracking uses to recognise a row imported twice. A row
// whose price is unknown has empty value cells and says why at the end of its description.
import type { HistoryEntry } from '../../../../preload/contract/history';
import { alwaysQuotedCell, amountCell, csvLine, textCell } from '../csv/cells';
import type { RowPricer, RowValue } from '../pricing/row-pricer';
import type { ExcludedCounts } from './tax-mapping';
import { taxRecords, type Money, type TaxRecord } from './tax-records';

export const KOINLY_NAME = 'koinly.csv';
export const COINTRACKING_NAME = 'cointracking.csv';

export const KOINLY_HEADER = csvLine([
  'Date', 'Sent Amount', 'Sent Currency', 'Received Amount', 'Received Currency', 'Fee Amount', 'Fee Currency',
  'Net Worth Amount', 'Net Worth Currency', 'Label', 'Description', 'TxHash',
]);

export const COINTRACKING_VALUE_COLUMNS = ['Tx-ID', 'Buy Value in Account Currency', 'Sell Value in Account Currency'];

export const COINTRACKING_HEADER = csvLine(
  ['Type', 'Buy', 'Cur.', 'Sell', 'Cur.', 'Fee', 'Cur.', 'Exchange', 'Group', 'Comment', 'Date', ...COINTRACKING_VALUE_COLUMNS].map((name) => alwaysQuotedCell(name)),
);

export interface AccountantSource {
  /** The profile the rows came from: CoinTracking's Exchange column and every description. */
  profileName: string;
  /** Values each row at its time; absent, the value cells stay empty. */
  pricer?: RowPricer;
}

/** A record's sides valued at its time (null: no pricer, or no such side). */
export interface RecordValues {
  sent: RowValue | null;
  received: RowValue | null;
}

export function recordValues(record: TaxRecord, pricer: RowPricer | undefined): RecordValues {
  return { sent: valueOf(record.sent, record.at, pricer), received: valueOf(record.received, record.at, pricer) };
}

const valueOf = (money: Money | null, at: string, pricer: RowPricer | undefined): RowValue | null =>
  pricer === undefined || money === null ? null : pricer.valueOf(money.currency, money.amount, at);

/** Koinly's one net worth: the received side's value, else the sent side's. */
function netWorth(values: RecordValues): RowValue | null {
  if (values.received?.value != null) return values.received;
  if (values.sent?.value != null) return values.sent;
  return values.received ?? values.sent;
}

/** " [value unknown: …]" when a side of the row has no price. */
function unknownNote(values: RecordValues): string {
  const [received, sent] = [values.received?.note ?? null, values.sent?.note ?? null];
  if (received === null && sent === null) return '';
  if (received === null || sent === null || received === sent) return ` [value ${received ?? sent}]`;
  const notes = [values.received?.note, values.sent?.note].filter((note): note is string => typeof note === 'string');
  return notes.length === 0 ? '' : ` [value ${[...new Set(notes)].join('; ')}]`;
}

/** "<profile>: <what> (Coffer <ids>) — <comment>" on one line: importers choke on line breaks. */
export function description(record: TaxRecord, source: AccountantSource, note = ''): string {
  const text = `${source.profileName}: ${record.what} (Coffer ${record.ids.join(' + ')})`;
  const full = (record.comment === null || record.comment === '' ? text : `${text} — ${record.comment}`) + note;
  return full.replace(/[\r\n\t]+/g, ' ');
}

/** Written as the store keeps times; only these are spelled without a Date (checked by utcDateTime's round trip per day). */
const PLAIN_UTC = /^(\d{4}-\d\d-\d\d)T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?Z$/;
/** Days seen, and whether Date reads them as written (no 30 February). */
const plainDays = new Map<string, boolean>();

/** The ISO time as "YYYY-MM-DD HH:mm:ss" in UTC; text that is not a time is kept as it is. */
function utcDateTime(iso: string): string {
  const plain = PLAIN_UTC.exec(iso);
  if (plain !== null) {
    const day = plain[1] as string;
    let known = plainDays.get(day);
    if (known === undefined) {
      const time = Date.parse(`${day}T00:00:00Z`);
      known = !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
      if (plainDays.size < 100_000) plainDays.set(day, known);
    }
    if (known) return `${day} ${iso.slice(11, 19)}`;
  }
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}

const amountOf = (money: Money | null) => money?.amount ?? null;
const currencyOf = (money: Money | null) => money?.currency ?? null;

export function koinlyLine(record: TaxRecord, source: AccountantSource): string {
  const values = recordValues(record, source.pricer);
  const worth = netWorth(values);
  const worthAmount = worth?.value ?? null;
  return csvLine([
    textCell(`${utcDateTime(record.at).slice(0, 16)} UTC`),
    amountCell(amountOf(record.sent)), textCell(currencyOf(record.sent)),
    amountCell(amountOf(record.received)), textCell(currencyOf(record.received)),
    amountCell(amountOf(record.fee)), textCell(currencyOf(record.fee)),
    amountCell(worthAmount), textCell(worthAmount === null ? null : (worth?.currency ?? null)),
    textCell(record.koinlyLabel === '' ? null : record.koinlyLabel),
    textCell(description(record, source, worthAmount === null ? unknownNote(values) : '')),
    textCell(record.txHash),
  ]);
}

export function coinTrackingLine(record: TaxRecord, source: AccountantSource): string {
  const values = recordValues(record, source.pricer);
  return csvLine([
    alwaysQuotedCell(record.coinTrackingType),
    alwaysQuotedCell(amountOf(record.received), true), alwaysQuotedCell(currencyOf(record.received)),
    alwaysQuotedCell(amountOf(record.sent), true), alwaysQuotedCell(currencyOf(record.sent)),
    alwaysQuotedCell(amountOf(record.fee), true), alwaysQuotedCell(currencyOf(record.fee)),
    alwaysQuotedCell(source.profileName),
    alwaysQuotedCell(record.group),
    alwaysQuotedCell(description(record, source, unknownNote(values))),
    alwaysQuotedCell(utcDateTime(record.at)),
    alwaysQuotedCell(record.ids.join(' + ')),
    alwaysQuotedCell(values.received?.value ?? null, true),
    alwaysQuotedCell(values.sent?.value ?? null, true),
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
