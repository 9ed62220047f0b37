// The counted entries' net change read from a real history store's sums, against a decimal.js sum
// over the same entries with the rule applied in plain TypeScript: per day, and since moments
// inside a day (the part-day from the entries, the rest from the sums), amounts too long for the
// integer parts included.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { HistoryEntry } from '../../../preload/contract/history';
import type { PortfolioScope } from '../../../preload/contract/portfolio';
import { HISTORY_STORE_MIGRATIONS, openHistoryStore, type HistoryStore } from '../../../main/core/history/store';
import { createDeltaReader, type DeltaReader } from '../../../main/core/portfolio/daily-deltas';
import { isCounted } from '../../../main/core/portfolio/rules';
import { openSqlite } from '../../../main/db/sqlite';
import { historyRows } from '../../support/history-rows';

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const rows = historyRows(4_000, { seed: 11, startMs: START, stepMs: 1_800_000 });
const last = rows.at(-1) as HistoryEntry;
/** Too long for the parts: 20 decimals, a whole part of 10^12, an oversize fee. */
const oversize: HistoryEntry[] = [
  { ...(rows[5] as HistoryEntry), id: '9000001', status: 'SUCCESS', type: 'DEPOSIT', subtype: 'BLOCKCHAIN', direction: 'in', amount: '1.00000000000000000001', fee: null },
  { ...(rows[900] as HistoryEntry), id: '9000002', status: 'SUCCESS', type: 'WITHDRAW', subtype: 'BLOCKCHAIN', direction: 'out', amount: '1000000000000.5', fee: '0.1' },
  { ...(rows[2500] as HistoryEntry), id: '9000003', status: 'SUCCESS', type: 'WITHDRAW', subtype: 'OFFCHAIN', direction: 'out', amount: '2', fee: '0.0000000000000000000003' },
];
const entries = [...rows, ...oversize];

let dir: string;
let store: HistoryStore;
let db: Database.Database;
let reader: DeltaReader;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-portfolio-deltas-'));
  store = openHistoryStore(dir, 'p1');
  store.writePage(entries, {});
  // The portfolio reads through its own connection to the same file, as the app does.
  db = openSqlite(store.path, { migrations: HISTORY_STORE_MIGRATIONS });
  reader = createDeltaReader(db);
});

afterAll(() => {
  db.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function delta(entry: HistoryEntry): Decimal {
  const amount = new Decimal(entry.amount);
  return (entry.direction === 'in' ? amount : amount.negated()).minus(entry.fee ?? 0);
}

/** The reference: Σ per day × currency of the counted entries, in plain decimal.js. */
function expectedDaily(scope: PortfolioScope, fromDay: number): Record<string, string> {
  const sums = new Map<string, Decimal>();
  for (const entry of entries) {
    const day = Math.floor(Date.parse(entry.createdAt) / DAY);
    if (day < fromDay || !isCounted(entry, scope)) continue;
    const key = `${day}|${entry.currency}`;
    sums.set(key, (sums.get(key) ?? new Decimal(0)).plus(delta(entry)));
  }
  return Object.fromEntries([...sums].map(([key, sum]) => [key, sum.toFixed()]));
}

function expectedSince(scope: PortfolioScope, ms: number): Record<string, string> {
  const sums = new Map<string, Decimal>();
  for (const entry of entries) {
    if (Date.parse(entry.createdAt) <= ms || !isCounted(entry, scope)) continue;
    sums.set(entry.currency, (sums.get(entry.currency) ?? new Decimal(0)).plus(delta(entry)));
  }
  return Object.fromEntries([...sums].map(([currency, sum]) => [currency, sum.toFixed()]));
}

const flatten = (daily: ReturnType<DeltaReader['daily']>) =>
  Object.fromEntries([...daily].flatMap(([day, byCurrency]) => [...byCurrency].map(([currency, sum]) => [`${day}|${currency}`, sum.toFixed()])));

describe('daily deltas from the store', () => {
  it('has rows of every kind to count and to skip', () => {
    const statuses = new Set(entries.map((entry) => entry.status));
    expect([...statuses].sort()).toEqual(['CREATED', 'FAILED', 'PENDING', 'ROLLED_BACK', 'SUCCESS']);
    expect(entries.some((entry) => entry.subtype === 'SUB_ACCOUNT' && entry.status === 'SUCCESS')).toBe(true);
    expect(entries.some((entry) => entry.subtype === 'WALLET_TO_SPOT' && entry.status === 'SUCCESS')).toBe(true);
    expect(Math.floor(Date.parse(last.createdAt) / DAY) - START / DAY).toBeGreaterThan(60);
  });

  for (const scope of ['master', 'all'] as const) {
    it(`sums each day's counted entries exactly (scope ${scope})`, () => {
      const fromDay = START / DAY;
      expect(flatten(reader.daily(scope, fromDay))).toEqual(expectedDaily(scope, fromDay));
      const later = fromDay + 30;
      expect(flatten(reader.daily(scope, later))).toEqual(expectedDaily(scope, later));
    });

    it(`sums what came after a moment inside a day exactly (scope ${scope})`, () => {
      const moments = [START - 1, START + 17 * DAY + 12_345_678, Date.parse((rows[2500] as HistoryEntry).createdAt), Date.parse(last.createdAt) - 1, Date.parse(last.createdAt)];
      for (const ms of moments) {
        const since = Object.fromEntries([...reader.since(scope, ms)].map(([currency, sum]) => [currency, sum.toFixed()]));
        // A currency whose entries cancel out reads as "0" from the store; the reference leaves none out either.
        expect(since).toEqual(expectedSince(scope, ms));
      }
    });
  }

  it('knows the first stored day', () => {
    expect(reader.firstDay()).toBe(Math.floor(Date.parse((rows[0] as HistoryEntry).createdAt) / DAY));
  });
});
