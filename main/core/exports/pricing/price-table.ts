// The prices an export's rows are valued with, read on main before the worker writes them (the
// worker has no network): which currencies the exported rows hold and over which days, then each
// currency's daily closes in the valuation currency for those days, once per currency and day
// range, through the portfolio's closes book (its cache lives in the same store, so days the
// portfolio already read cost nothing), and the hourly closes of today for today's rows, whose
// day has no close yet. What was read is described for the manifest: the source, each currency's
// pair and candle period, the first and last candle, and when the data was read.
import Database from 'better-sqlite3';
import type { ExportValuation, HistoryFilter } from '../../../../preload/contract/history';
import { PORTFOLIO_MIGRATION, CLOSES_TABLE } from '../../portfolio/tables';
import { ClosesBook, type PriceHistoryApi } from '../../portfolio/closes';
import { DAILY_CURRENCY_TABLE } from '../../history/schema';
import { bindingOptions } from '../sqlite-binding';
import { DAY_MS, emptyPriceTable, HOUR_MS, type PriceTable } from './row-pricer';

/** The service call every price comes from. */
export const PRICE_SOURCE = 'GET /public/price/history';
export const DEFAULT_VALUATION_CURRENCY = 'USDT';
/** How a row's price is chosen, as the manifest says it. */
export const PRICING_RULE =
  "amount × the close of the row's UTC hour (H1 candle) where known, else of its UTC day (D1 candle); rows in the valuation currency at 1; rows without a price have no value and a note";

type PriceSeries = ExportValuation['series'][number];

export interface PriceTableRequest {
  dbPath: string;
  nativeBinding?: string;
  filter: HistoryFilter;
  valuationCurrency: string;
  /** Absent (the command line, offline): only the closes the store already keeps are used. */
  api?: PriceHistoryApi;
  now: Date;
}

/** A price history that is never reached: the closes book then answers from what it keeps. */
const OFFLINE: PriceHistoryApi = { priceHistory: () => Promise.reject(new Error('no network: only kept closes are used')) };

interface CurrencySpan {
  currency: string;
  lo: number;
  hi: number;
}

export async function readPriceTable(request: PriceTableRequest): Promise<{ table: PriceTable; manifest: Omit<ExportValuation, 'unpricedRows'> }> {
  const valuation = request.valuationCurrency;
  const table = emptyPriceTable(valuation);
  const readAt = request.now.toISOString();
  const describe = () => ({ currency: valuation, source: PRICE_SOURCE, rule: PRICING_RULE, readAt, series: seriesOf(table) });
  const db = new Database(request.dbPath, bindingOptions(request.nativeBinding, { fileMustExist: true }));
  let cache: Database.Database | null = null;
  try {
    db.pragma('busy_timeout = 5000');
    const spans = currencySpans(db, request.filter).filter((span) => span.currency !== valuation);
    if (spans.length === 0) return { table, manifest: describe() };
    // A store without the portfolio's tables (never opened by the app) prices from a closes book in memory.
    const hasCloses = db.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?').get('table', CLOSES_TABLE) !== undefined;
    if (!hasCloses) {
      cache = new Database(':memory:');
      cache.exec(PORTFOLIO_MIGRATION.sql);
    }
    const today = Math.floor(request.now.getTime() / DAY_MS);
    const fromDay = Math.floor(Math.min(...spans.map((span) => span.lo)) / DAY_MS);
    const tillDay = Math.min(today - 1, Math.floor(Math.max(...spans.map((span) => span.hi)) / DAY_MS));
    const currencies = spans.map((span) => span.currency);
    const closes = await new ClosesBook(cache ?? db, request.api ?? OFFLINE).closes(currencies, valuation, fromDay, tillDay);
    for (const [currency, byDay] of closes) {
      table.daily[currency] = Object.fromEntries([...byDay].map(([day, close]) => [String(day), close.toFixed()]));
    }
    const recent = spans.filter((span) => span.hi >= today * DAY_MS).map((span) => span.currency);
    if (recent.length > 0 && request.api !== undefined) await readHourly(request.api, recent, valuation, today * DAY_MS, request.now.getTime(), table);
    return { table, manifest: describe() };
  } finally {
    cache?.close();
    db.close();
  }
}

/**
 * Each currency of the rows the filter may export, with the start of its first and the end of its
 * last row's UTC day: a superset read from the store's daily sums per currency (a few rows per
 * day, not one per transaction, so a million-row store answers at once).
 */
function currencySpans(db: Database.Database, filter: HistoryFilter): CurrencySpan[] {
  const fromDay = filter.from === undefined ? -1e9 : Math.floor(Date.parse(filter.from) / DAY_MS);
  const tillDay = filter.till === undefined ? 1e9 : Math.floor(Date.parse(filter.till) / DAY_MS);
  const rows = db.prepare(`SELECT currency, MIN(day) AS lo, MAX(day) AS hi FROM ${DAILY_CURRENCY_TABLE}
    WHERE day BETWEEN ? AND ? GROUP BY currency ORDER BY currency`).all(fromDay, tillDay) as CurrencySpan[];
  const wanted = filter.currencies === undefined || filter.currencies.length === 0 ? null : new Set(filter.currencies);
  return rows.filter((row) => wanted === null || wanted.has(row.currency)).map((row) => ({ currency: row.currency, lo: row.lo * DAY_MS, hi: (row.hi + 1) * DAY_MS - 1 }));
}

/** Today's hourly closes (all currencies in one request; one by one when that fails; a currency failing again is left unpriced). */
async function readHourly(api: PriceHistoryApi, currencies: string[], valuation: string, sinceMs: number, nowMs: number, table: PriceTable): Promise<void> {
  const request = (from: readonly string[]) => api.priceHistory({
    from, to: valuation, period: 'H1', sort: 'ASC', limit: 25, since: new Date(sinceMs).toISOString(), until: new Date(nowMs).toISOString(),
  });
  const keep = (history: Awaited<ReturnType<typeof request>>) => {
    for (const { currency, points } of history) {
      const byHour = (table.hourly[currency] ??= {});
      for (const point of points) byHour[String(Math.floor(Date.parse(point.timestamp) / HOUR_MS))] = point.close.toFixed();
    }
  };
  try {
    keep(await request(currencies));
  } catch {
    for (const currency of currencies) {
      try {
        keep(await request([currency]));
      } catch {
        // Left to the daily closes (none for today): its rows of today are said to be unpriced.
      }
    }
  }
}

function seriesOf(table: PriceTable): PriceSeries[] {
  const series: PriceSeries[] = [];
  const add = (period: 'D1' | 'H1', byCurrency: PriceTable['daily'], slotMs: number) => {
    for (const currency of Object.keys(byCurrency).sort()) {
      const slots = Object.keys(byCurrency[currency] ?? {}).map(Number).sort((a, b) => a - b);
      if (slots.length === 0) continue;
      series.push({
        currency, pair: `${currency}/${table.valuationCurrency}`, period, candles: slots.length,
        first: new Date((slots[0] as number) * slotMs).toISOString(), last: new Date((slots.at(-1) as number) * slotMs).toISOString(),
      });
    }
  };
  add('D1', table.daily, DAY_MS);
  add('H1', table.hourly, HOUR_MS);
  return series;
}
