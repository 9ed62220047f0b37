// Past days' closes in a valuation currency, from the service's daily price history: each past
// day is asked once and kept (tables.ts), today's price is the live rate and never stored.
//
// The service answers GET /public/price/history per source currency with candles of the period;
// a D1 candle carries its day's opening time (00:00 UTC) as its timestamp and that day's last
// price as its close (main/sandbox/market/rates.ts builds them the same way). One request asks
// every missing currency at once, for a chunk of at most 1000 days (the service's limit per
// currency), oldest first. A currency the service cannot price fails the whole request: the
// currencies are then asked one by one, and one that fails again is left without a price this
// time (nothing stored, so it is asked again next time).
import type Database from 'better-sqlite3';
import Decimal from '../../../preload/contract/decimal';
import type { PriceHistory } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { DAY_MS } from '../history/schema';
import { entryOf } from '../history/totals';
import { CLOSES_TABLE } from './tables';

const MAX_DAYS_PER_REQUEST = 1000;

export type PriceHistoryApi = Pick<TreasuryApi, 'priceHistory'>;

interface CloseRow {
  currency: string;
  day: number;
  close: string | null;
}

export class ClosesBook {
  private readonly read: Database.Statement;
  private readonly write: Database.Statement;

  constructor(private readonly db: Database.Database, private readonly api: PriceHistoryApi) {
    this.read = db.prepare(`SELECT currency, day, close FROM ${CLOSES_TABLE}
      WHERE quote = ? AND currency IN (SELECT value FROM json_each(?)) AND day BETWEEN ? AND ?`);
    this.write = db.prepare(`INSERT OR REPLACE INTO ${CLOSES_TABLE} (quote, currency, day, close) VALUES (?, ?, ?, ?)`);
  }

  /** Closes of past days fromDay..tillDay (tillDay before today) of each currency in `valuation`. */
  async closes(currencies: readonly string[], valuation: string, fromDay: number, tillDay: number): Promise<Map<string, Map<number, Decimal>>> {
    const wanted = [...new Set(currencies)].filter((currency) => currency !== valuation).sort();
    const known = new Map<string, Map<number, string | null>>();
    if (wanted.length === 0 || fromDay > tillDay) return new Map();
    const load = () => {
      for (const row of this.read.all(valuation, JSON.stringify(wanted), fromDay, tillDay) as CloseRow[]) {
        entryOf(known, row.currency, () => new Map()).set(row.day, row.close);
      }
    };
    load();
    const missing = wanted.filter((currency) => (known.get(currency)?.size ?? 0) < tillDay - fromDay + 1);
    if (missing.length > 0) {
      const days = missing.flatMap((currency) => range(fromDay, tillDay).filter((day) => !known.get(currency)?.has(day)));
      await this.ask(missing, valuation, Math.min(...days), Math.max(...days));
      load();
    }
    const closes = new Map<string, Map<number, Decimal>>();
    for (const [currency, byDay] of known) {
      for (const [day, close] of byDay) if (close !== null) entryOf(closes, currency, () => new Map()).set(day, new Decimal(close));
    }
    return closes;
  }

  private async ask(currencies: readonly string[], valuation: string, fromDay: number, tillDay: number): Promise<void> {
    for (let first = fromDay; first <= tillDay; first += MAX_DAYS_PER_REQUEST) {
      const last = Math.min(tillDay, first + MAX_DAYS_PER_REQUEST - 1);
      const request = (from: readonly string[]) => this.api.priceHistory({
        from, to: valuation, period: 'D1', sort: 'ASC', limit: last - first + 1,
        since: new Date(first * DAY_MS).toISOString(), until: new Date(last * DAY_MS).toISOString(),
      });
      try {
        this.keep(await request(currencies), valuation, first, last);
      } catch {
        for (const currency of currencies) {
          try {
            this.keep(await request([currency]), valuation, first, last);
          } catch {
            // Left without a price this time (see above).
          }
        }
      }
    }
  }

  /** Every asked day of each answered currency: its close, or NULL when the service had none. */
  private keep(history: readonly PriceHistory[], valuation: string, first: number, last: number): void {
    this.db.transaction(() => {
      for (const { currency, points } of history) {
        const byDay = new Map(points.map((point) => [Math.floor(Date.parse(point.timestamp) / DAY_MS), point.close.toFixed()]));
        for (const day of range(first, last)) this.write.run(valuation, currency, day, byDay.get(day) ?? null);
      }
    })();
  }
}

function range(first: number, last: number): number[] {
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}
