// A history with spot trades exported in all four formats against a real sandbox over loopback:
// every row's value in each file equals amount × the sandbox's own candle close (read here
// straight from its REST endpoint: the day's close for past rows, the hour's for today's),
// a currency the service cannot price is said to be unpriced, the signed manifest names the
// source; and the export, opened for review, verifies and totals each currency to exactly the
// sum of its legs.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { ExportFormat, ExportResult, HistoryEntry } from '../../../preload/contract/history';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { runExportJob, type ExportJobDeps } from '../../../main/core/exports/export-job';
import { MANIFEST_NAME, parseManifest } from '../../../main/core/exports/manifest';
import { PRICE_SOURCE } from '../../../main/core/exports/pricing/price-table';
import { ReviewSessions } from '../../../main/core/exports/review/sessions';
import { SOURCE_WORKER } from '../../../main/core/exports/worker-thread';
import { CsvRecordParser } from '../../../main/core/exports/csv/records';
import { insertEntries } from '../../../main/core/history/query';
import { applyHistorySchema } from '../../../main/core/history/schema';
import { clientFor, startFixture, type Fixture } from '../exchange/sandbox-fixture';
import { entryText, testKey, trustOnly } from '../../unit/exports/signed-export';
import { legsOf } from '../../unit/exports/trade-legs';
import { exportedNetPerCurrency } from './exported-sums';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const desk = testKey();
const root = mkdtempSync(join(tmpdir(), 'coffer-trade-values-'));
const dbPath = join(root, 'history.db');
const out = join(root, 'out');
let fixture: Fixture;
let api: TreasuryApi;
const now = new Date();
const today = Math.floor(now.getTime() / DAY) * DAY;
// Rows five, three and two days back, and one in a finished hour of today (or of yesterday just after midnight).
const at = (ms: number) => new Date(ms).toISOString();
const lastHour = Math.floor(now.getTime() / HOUR) * HOUR - HOUR + 17 * 60_000;

const ROWS: HistoryEntry[] = [
  ...legsOf({ id: 9001, symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', side: 'buy', quantity: '0.02', price: '61000.5', fee: '1.22001', feeCurrency: 'USDT', at: at(today - 5 * DAY + 10 * HOUR) }),
  {
    id: '7001', createdAt: at(today - 3 * DAY + 8 * HOUR), updatedAt: at(today - 3 * DAY + 8 * HOUR), type: 'DEPOSIT', subtype: 'BLOCKCHAIN', status: 'SUCCESS',
    direction: 'in', currency: 'ETH', amount: '1.5', fee: null, network: 'ETH', address: null, paymentId: null, hash: null, txId: 'tx-7001',
    operationId: null, offchainId: null, operationType: null, confirmations: 12, comment: null, buyCrypto: null, explorerUrl: null,
  },
  {
    id: '7002', createdAt: at(today - 3 * DAY + 9 * HOUR), updatedAt: at(today - 3 * DAY + 9 * HOUR), type: 'DEPOSIT', subtype: 'AIRDROP', status: 'SUCCESS',
    direction: 'in', currency: 'NOPRICE', amount: '42', fee: null, network: null, address: null, paymentId: null, hash: null, txId: 'tx-7002',
    operationId: null, offchainId: null, operationType: null, confirmations: null, comment: null, buyCrypto: null, explorerUrl: null,
  },
  ...legsOf({ id: 9002, symbol: 'ETHBTC', base: 'ETH', quote: 'BTC', side: 'sell', quantity: '0.5', price: '0.0512', fee: '-0.0000025', feeCurrency: 'BTC', at: at(today - 2 * DAY + 14 * HOUR) }),
  ...legsOf({ id: 9003, symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', side: 'buy', quantity: '0.001', price: '60500', fee: '0.0605', feeCurrency: 'USDT', at: at(lastHour) }),
];

const jobDeps: ExportJobDeps = {
  workerScript: SOURCE_WORKER,
  signer: async () => ({ info: { publicKey: desk.publicKey, fingerprint: desk.fingerprint, createdAt: '2025-01-01T00:00:00.000Z' }, sign: desk.sign }),
  appVersion: '0.1.0',
  progress: () => undefined,
  now: () => now,
};

/** Each currency's close per slot, read straight from the sandbox's REST endpoint. */
const closes = new Map<string, Decimal>();
async function readCloses(currency: string, period: 'D1' | 'H1', since: number, until: number): Promise<void> {
  const query = new URLSearchParams({ from: currency, to: 'USDT', period, since: at(since), until: at(until), sort: 'ASC', limit: '1000' });
  const reply = (await (await fetch(`${fixture.sandbox.restUrl}/api/3/public/price/history?${query}`)).json()) as Record<string, { history: Array<{ timestamp: string; close: string }> }>;
  for (const point of reply[currency]?.history ?? []) closes.set(`${currency} ${period} ${Date.parse(point.timestamp)}`, new Decimal(point.close));
}

/** amount × the close of the row's hour (today) or day (before), worked out here; null when the sandbox has none. */
function expectedValue(currency: string, amount: string, createdAt: string): string | null {
  if (currency === 'USDT') return new Decimal(amount).toFixed();
  const ms = Date.parse(createdAt);
  const close = ms >= today ? closes.get(`${currency} H1 ${Math.floor(ms / HOUR) * HOUR}`) : closes.get(`${currency} D1 ${Math.floor(ms / DAY) * DAY}`);
  return close === undefined ? null : new Decimal(amount).times(close).toFixed();
}

function csvRows(text: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  const parser = new CsvRecordParser((cells) => rows.push(cells));
  parser.push(text);
  parser.end();
  return rows;
}

const exports = new Map<ExportFormat, ExportResult>();

beforeAll(async () => {
  // The full seed: the sandbox's 90 days of candles (its history of transactions kept small).
  fixture = await startFixture({ lightSeed: false, seededHistory: 20 });
  api = clientFor(fixture).api;
  mkdirSync(out);
  const db = new Database(dbPath);
  applyHistorySchema(db);
  insertEntries(db, ROWS);
  db.close();
  for (const currency of ['BTC', 'ETH']) {
    await readCloses(currency, 'D1', today - 6 * DAY, today - DAY);
    await readCloses(currency, 'H1', today, now.getTime());
  }
  for (const format of ['csv', 'json', 'koinly', 'cointracking'] as const) {
    exports.set(format, await runExportJob(
      { dbPath, filter: {}, format, folder: out, profileName: 'Sandbox desk', account: 'sandbox', valuationCurrency: 'USDT', priceApi: api },
      jobDeps,
    ));
  }
}, 60_000);

afterAll(async () => {
  api?.close();
  await fixture?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("an export's values against the sandbox's candles", () => {
  it('the sandbox prices every currency but the one it does not list', () => {
    for (const row of ROWS) if (row.currency !== 'NOPRICE') expect(expectedValue(row.currency, row.amount, row.createdAt), row.id).not.toBeNull();
  });

  it('transactions.csv values every leg at its time, and says which row has no price', async () => {
    const [header, ...rows] = csvRows(await entryText(exports.get('csv')!.path, 'transactions.csv'));
    const col = (name: string) => (header ?? []).indexOf(name);
    expect(rows.map((row) => row[col('id')]).sort()).toEqual(ROWS.map((e) => e.id).sort());
    const byId = new Map(ROWS.map((e) => [e.id, e]));
    for (const row of rows) {
      const entry = byId.get(row[col('id')] as string)!;
      expect(row[col('value')], entry.id).toBe(expectedValue(entry.currency, entry.amount, entry.createdAt));
      expect(row[col('value_currency')]).toBe('USDT');
      expect(row[col('record')]).toBe(entry.type === 'TRADE' ? 'trade' : 'transaction');
      if (entry.currency === 'NOPRICE') expect(row[col('value_note')]).toMatch(/^unknown: no NOPRICE price in USDT/);
      else expect(row[col('value_note')]).toBeNull();
    }
  });

  it('transactions.csv moves each currency by exactly the sum of its legs', async () => {
    const expected = new Map<string, Decimal>();
    for (const e of ROWS) expected.set(e.currency, (expected.get(e.currency) ?? new Decimal(0)).plus(e.direction === 'in' ? e.amount : `-${e.amount}`));
    const exported = exportedNetPerCurrency(await entryText(exports.get('csv')!.path, 'transactions.csv'));
    expect(Object.fromEntries([...exported].map(([c, v]) => [c, v.toFixed()]))).toEqual(Object.fromEntries([...expected].map(([c, v]) => [c, v.toFixed()])));
  });

  it('transactions.json carries the same values', async () => {
    const rows = JSON.parse(await entryText(exports.get('json')!.path, 'transactions.json')).rows as Array<{ id: string; value: string | null; valueCurrency: string }>;
    const byId = (list: Array<[string, string | null, string]>) => list.sort(([a], [b]) => a.localeCompare(b));
    expect(byId(rows.map((row) => [row.id, row.value, row.valueCurrency]))).toEqual(byId(ROWS.map((e) => [e.id, expectedValue(e.currency, e.amount, e.createdAt), 'USDT'])));
  });

  it("Koinly's Net Worth is the received side's value (each trade one row, the rebate its own)", async () => {
    const [header, ...rows] = csvRows(await entryText(exports.get('koinly')!.path, 'koinly.csv'));
    const col = (name: string) => (header ?? []).indexOf(name);
    const byId = new Map(ROWS.map((e) => [e.id, e]));
    const worth = (id: string) => { const e = byId.get(id)!; return expectedValue(e.currency, e.amount, e.createdAt); };
    expect(rows.map((row) => [row[col('Received Currency')], row[col('Net Worth Amount')], row[col('Net Worth Currency')]])).toEqual([
      ['BTC', worth('trade-9001-in'), 'USDT'],
      ['ETH', worth('7001'), 'USDT'],
      ['NOPRICE', null, null],
      ['BTC', worth('trade-9002-in'), 'USDT'],
      ['BTC', worth('trade-9002-fee'), 'USDT'],
      ['BTC', worth('trade-9003-in'), 'USDT'],
    ]);
    expect(rows[2]?.[col('Description')]).toContain('[value unknown: no NOPRICE price in USDT');
  });

  it("CoinTracking's Buy and Sell values are each side's value", async () => {
    const rows = csvRows(await entryText(exports.get('cointracking')!.path, 'cointracking.csv')).slice(1);
    const e = (id: string) => ROWS.find((row) => row.id === id)!;
    const value = (id: string) => expectedValue(e(id).currency, e(id).amount, e(id).createdAt) ?? '';
    expect(rows.map((row) => [row[0], row[12], row[13]])).toEqual([
      ['Trade', value('trade-9001-in'), value('trade-9001-out')],
      ['Deposit', value('7001'), ''],
      ['Airdrop', '', ''],
      ['Trade', value('trade-9002-in'), value('trade-9002-out')],
      ['Reward / Bonus', value('trade-9002-fee'), ''],
      ['Trade', value('trade-9003-in'), value('trade-9003-out')],
    ]);
  });

  it('every manifest names the price source, the candles and when they were read, signed', async () => {
    for (const result of exports.values()) {
      const parsed = parseManifest(Buffer.from(await entryText(result.path, MANIFEST_NAME)));
      if (!parsed.ok) throw new Error(parsed.message);
      const valuation = parsed.manifest.valuation!;
      expect(valuation).toMatchObject({ currency: 'USDT', source: PRICE_SOURCE, readAt: now.toISOString(), unpricedRows: 1 });
      const daily = valuation.series.filter((s) => s.period === 'D1').map((s) => [s.pair, s.first, s.last]);
      expect(daily).toContainEqual(['BTC/USDT', at(today - 5 * DAY), at(today - DAY)]);
      expect(daily).toContainEqual(['ETH/USDT', at(today - 5 * DAY), at(today - DAY)]);
      expect(daily.some(([pair]) => pair === 'NOPRICE/USDT')).toBe(false);
      if (lastHour >= today) expect(valuation.series.some((s) => s.pair === 'BTC/USDT' && s.period === 'H1')).toBe(true);
    }
  });
});

describe('the export with trades, opened for review', () => {
  it('verifies, and totals each currency to exactly the sum of its legs', async () => {
    const reviews = new ReviewSessions({ trustedKeys: () => trustOnly(desk), progress: () => undefined, workerScript: SOURCE_WORKER, tmpRoot: root });
    try {
      const { readFile } = await import('node:fs/promises');
      const bytes = await readFile(exports.get('csv')!.path);
      const { reviewId } = await reviews.begin({ fileName: 'trades.zip', size: bytes.length });
      await reviews.receive(reviewId, [bytes]);
      const report = await reviews.finish(reviewId);
      expect(report).toMatchObject({ verified: true, loaded: true, rows: ROWS.length });
      expect(report.manifest?.valuation?.currency).toBe('USDT');
      // Worked out here from the legs: in − out per currency (the trades' legs carry no fee of their own).
      const net = new Map<string, Decimal>();
      for (const e of ROWS) net.set(e.currency, (net.get(e.currency) ?? new Decimal(0)).plus(e.direction === 'in' ? e.amount : `-${e.amount}`));
      const summary = reviews.summary(reviewId, {});
      expect(Object.fromEntries(summary.totals.map((t) => [t.currency, new Decimal(t.net).toFixed()]))).toEqual(Object.fromEntries([...net].map(([c, v]) => [c, v.toFixed()])));
      // BTC by hand: +0.02 (9001) + 0.0256 (0.5 × 0.0512) + 0.0000025 (rebate) + 0.001 (9003).
      expect(summary.totals.find((t) => t.currency === 'BTC')?.net).toBe('0.0466025');
      const trades = reviews.summary(reviewId, { types: ['TRADE'] });
      expect(trades.total).toBe(ROWS.filter((e) => e.type === 'TRADE').length);
    } finally {
      await reviews.closeAll();
    }
  });
});
