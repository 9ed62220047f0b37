// How rows are priced: the hour's close before the day's, the valuation currency at 1, an
// unknown price said and never zero; the price table read once per currency and day range
// (cached in the store's closes table) with today's rows from hourly candles; and a canonical
// file from before the derived columns still reading back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { PriceHistoryQuery } from '../../../main/exchange/domain/market';
import { readPriceTable, PRICE_SOURCE } from '../../../main/core/exports/pricing/price-table';
import { exactProduct, RowPricer, scaled } from '../../../main/core/exports/pricing/row-pricer';
import { CanonicalCsvReader } from '../../../main/core/exports/formats/canonical-csv';
import { insertEntries } from '../../../main/core/history/query';
import { applyHistorySchema } from '../../../main/core/history/schema';
import { CLOSES_TABLE, PORTFOLIO_MIGRATION } from '../../../main/core/portfolio/tables';
import { legsOf } from './trade-legs';

const DAY_MS = 86_400_000;
const day = (iso: string) => Math.floor(Date.parse(iso) / DAY_MS);

describe('a row priced', () => {
  const pricer = new RowPricer({
    valuationCurrency: 'EUR',
    daily: { BTC: { [day('2025-01-10')]: '90000' } },
    hourly: { BTC: { [Date.UTC(2025, 0, 10, 15) / 3_600_000]: '91000.5' } },
  });

  it('takes its hour\'s close where known, else its day\'s, exactly', () => {
    expect(pricer.valueOf('BTC', '0.3', '2025-01-10T15:59:59.999Z')).toEqual({ value: '27300.15', currency: 'EUR', note: null }); // 0.3 × 91000.5
    expect(pricer.valueOf('BTC', '0.3', '2025-01-10T16:00:00.000Z')).toEqual({ value: '27000', currency: 'EUR', note: null }); // 0.3 × 90000
    expect(pricer.valueOf('EUR', '12.34', '2025-01-10T16:00:00.000Z')).toEqual({ value: '12.34', currency: 'EUR', note: null });
  });

  it('says when it has no price, and counts it', () => {
    pricer.unpriced = 0;
    expect(pricer.valueOf('BTC', '1', '2025-01-11T00:00:00.000Z')).toEqual({ value: null, currency: 'EUR', note: 'unknown: no BTC price in EUR for 2025-01-11' });
    expect(pricer.valueOf('ETH', 'abc', '2025-01-10T00:00:00.000Z').value).toBeNull();
    expect(pricer.unpriced).toBe(2);
  });
});

describe('the exact product a value is', () => {
  it('equals decimal.js\'s product on random amounts and prices, zeros and 18-decimal amounts included', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    const decimal = () => {
      const whole = String(next() % 100_000);
      const places = next() % 19;
      return places === 0 ? whole : `${whole}.${String(next()).padStart(10, '0').repeat(2).slice(0, places)}`;
    };
    const cases: Array<[string, string]> = [['0', '123.4'], ['0.000000000000000001', '0.5'], ['100', '0.01'], ['1.10', '10']];
    for (let i = 0; i < 2_000; i += 1) cases.push([decimal(), decimal()]);
    for (const [a, b] of cases) expect(exactProduct(scaled(a)!, scaled(b)!), `${a} × ${b}`).toBe(new Decimal(a).times(b).toFixed());
  });
});

describe('the price table of an export', () => {
  const root = mkdtempSync(join(tmpdir(), 'coffer-pricing-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const now = new Date('2025-02-03T12:30:00Z');
  const dbPath = join(root, 'history.db');
  const db = new Database(dbPath);
  applyHistorySchema(db);
  const at = (iso: string) => ({ at: iso, quantity: '1', price: '100', fee: '0', feeCurrency: 'USDT', symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT', side: 'buy' as const });
  insertEntries(db, [...legsOf({ id: 1, ...at('2025-02-01T08:00:00Z') }), ...legsOf({ id: 2, ...at('2025-02-03T11:15:00Z') })]);
  db.close();
  const asked: PriceHistoryQuery[] = [];
  const api = {
    priceHistory: async (query: PriceHistoryQuery) => {
      asked.push(query);
      const step = query.period === 'H1' ? 3_600_000 : DAY_MS;
      const since = Date.parse(query.since ?? '');
      const until = Date.parse(query.until ?? '');
      return query.from.map((currency) => ({
        currency, quote: query.to,
        points: Array.from({ length: Math.floor((until - since) / step) + 1 }, (_, i) => {
          const close = new Decimal(query.period === 'H1' ? 2000 + i : 1900 + i);
          return { timestamp: new Date(since + i * step).toISOString(), open: close, close, min: close, max: close };
        }),
      }));
    },
  };

  it('asks the daily closes of past days once per currency and day range, and today\'s hours for today\'s rows', async () => {
    const { table, manifest } = await readPriceTable({ dbPath, filter: {}, valuationCurrency: 'USDT', api, now });
    expect(asked.map((q) => [q.period, q.from, q.since])).toEqual([
      ['D1', ['ETH'], '2025-02-01T00:00:00.000Z'], // 2025-02-01 and 02-02: today has no close yet
      ['H1', ['ETH'], '2025-02-03T00:00:00.000Z'],
    ]);
    const pricer = new RowPricer(table);
    expect(pricer.valueOf('ETH', '2', '2025-02-01T08:00:00Z').value).toBe('3800'); // 2 × the first day's 1900
    expect(pricer.valueOf('ETH', '2', '2025-02-03T11:15:00Z').value).toBe('4022'); // 2 × hour 11's 2011
    expect(manifest).toMatchObject({ currency: 'USDT', source: PRICE_SOURCE, readAt: now.toISOString() });
    expect(manifest.series).toEqual([
      { currency: 'ETH', pair: 'ETH/USDT', period: 'D1', first: '2025-02-01T00:00:00.000Z', last: '2025-02-02T00:00:00.000Z', candles: 2 },
      { currency: 'ETH', pair: 'ETH/USDT', period: 'H1', first: '2025-02-03T00:00:00.000Z', last: '2025-02-03T12:00:00.000Z', candles: 13 },
    ]);
  });

  it('uses the closes the store keeps when there is no network (the command line)', async () => {
    const kept = join(root, 'kept.db');
    const store = new Database(kept);
    applyHistorySchema(store);
    store.exec(PORTFOLIO_MIGRATION.sql);
    insertEntries(store, legsOf({ id: 3, ...at('2025-01-20T08:00:00Z') }));
    store.prepare(`INSERT INTO ${CLOSES_TABLE} (quote, currency, day, close) VALUES ('USDT', 'ETH', ?, '1234.5')`).run(day('2025-01-20'));
    store.close();
    const pricer = new RowPricer((await readPriceTable({ dbPath: kept, filter: {}, valuationCurrency: 'USDT', now })).table);
    expect(pricer.valueOf('ETH', '2', '2025-01-20T08:00:00Z').value).toBe('2469'); // 2 × 1234.5
  });

  it('prices nothing but the valuation currency without a price source or kept closes, saying so per row', async () => {
    const { table } = await readPriceTable({ dbPath, filter: {}, valuationCurrency: 'USDT', now });
    const pricer = new RowPricer(table);
    expect(pricer.valueOf('USDT', '100', '2025-02-01T08:00:00Z').value).toBe('100');
    expect(pricer.valueOf('ETH', '1', '2025-02-01T08:00:00Z').note).toMatch(/^unknown: no ETH price in USDT/);
  });
});

describe('a transactions.csv from before the derived columns', () => {
  it('still reads back', () => {
    const header = 'id,created_at,updated_at,type,subtype,status,direction,currency,amount,fee,network,address,payment_id,hash,tx_id,operation_id,offchain_id,operation_type,confirmations,comment,buy_provider,buy_source_currency,buy_source_amount,buy_target_currency,buy_target_amount,buy_payment_method';
    const row = '7,2025-01-01T00:00:00.000Z,2025-01-01T00:00:00.000Z,DEPOSIT,BLOCKCHAIN,SUCCESS,in,BTC,1,,,,,,,,,,,,,,,,,';
    const read: string[] = [];
    const reader = new CanonicalCsvReader((entry) => read.push(`${entry.id} ${entry.amount} ${entry.currency}`));
    reader.push(`${header}\r\n${row}\r\n`);
    reader.end();
    expect(read).toEqual(['7 1 BTC']);
  });
});
