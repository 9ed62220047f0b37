// A large CSV or JSON export written by line helpers, against the same export written by the
// export thread alone, over a real store on disk and real threads: the data file's bytes (through
// its SHA-256, and read back out of the zip), its rows, time range and unpriced count, and the
// withdrawals a team desk's record is asked for, all the same. No one commits while the helpers
// begin; a store whose writer will not let go is exported by the single thread.
import { mkdtempSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HistoryFilter } from '../../../preload/contract/history';
import type { DataSummary } from '../../../main/core/exports/archive';
import { BLOCKS_FROM_ROWS, holdWrites, releaseWrites, ROWS_PER_BLOCK } from '../../../main/core/exports/blocks/export-blocks';
import { LineHelpers } from '../../../main/core/exports/blocks/line-helpers';
import { exportTask, isTeamProofsRequest, type ExportTaskData } from '../../../main/core/exports/export-task';
import type { PriceTable } from '../../../main/core/exports/pricing/row-pricer';
import { SOURCE_WORKER } from '../../../main/core/exports/worker-thread';
import { ZipReader } from '../../../main/core/exports/zip/reader';
import { insertEntries } from '../../../main/core/history/query';
import { applyHistorySchema, DAY_MS } from '../../../main/core/history/schema';
import { historyRows } from '../../support/history-rows';

const START_MS = Date.UTC(2024, 0, 1);
const GENERATED = historyRows(3 * ROWS_PER_BLOCK + 1_234, { seed: 21, stepMs: 30_000, startMs: START_MS });
/** Rows on the first and last millisecond of each day, where one block ends and the next begins. */
const AT_DAY_EDGES = GENERATED.slice(0, 40).map((row, i) => ({
  ...row, id: String(9_000_000 + i), createdAt: new Date(START_MS + Math.floor(i / 2) * DAY_MS - (i % 2)).toISOString(),
}));
const ROWS = [...GENERATED, ...AT_DAY_EDGES];
const root = mkdtempSync(join(tmpdir(), 'coffer-export-blocks-'));
const dbPath = join(root, 'history.db');

/** BTC priced on every other day: some rows valued, some not. */
const prices: PriceTable = {
  valuationCurrency: 'USDT',
  daily: { BTC: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(START_MS / DAY_MS + 2 * i), `${60000 + i}.5`])) },
  hourly: {},
};

type Format = 'csv' | 'json';

interface Written {
  summary: DataSummary;
  /** The SHA-256 of each listed file as inflated back out of the zip. */
  readBack: string[];
  teamProofsFor: string[] | null;
}

let serial = 0;
async function exported(format: Format, filter: HistoryFilter, helpers: boolean): Promise<Written> {
  const path = join(root, `export-${(serial += 1)}.zip`);
  let summary: DataSummary | null = null;
  let teamProofsFor: string[] | null = null;
  const channel = {
    progress: () => undefined,
    request: async <T>(body: unknown): Promise<T> => {
      if (isTeamProofsRequest(body)) {
        teamProofsFor = body.teamProofsFor;
        return [] as T;
      }
      summary = (body as { summary: DataSummary }).summary;
      return { manifest: new Uint8Array(Buffer.from('{}')), signature: 'test' } as T;
    },
  };
  const data: ExportTaskData = {
    kind: 'export', dbPath, filter, format, path, profileName: 'Blocks', modifiedAt: '2025-01-01T00:00:00Z', teamProofs: true, prices,
    helperScript: helpers ? SOURCE_WORKER : undefined,
  };
  await exportTask(data, channel);
  const signed = summary as DataSummary | null;
  if (signed === null) throw new Error('the export asked for no signature');
  const zip = await ZipReader.open(path);
  const readBack: string[] = [];
  try {
    for (const file of signed.files) {
      const hash = createHash('sha256');
      for await (const chunk of zip.read(file.name)) hash.update(chunk);
      readBack.push(hash.digest('hex'));
    }
  } finally {
    await zip.close();
  }
  return { summary: signed, readBack, teamProofsFor };
}

const listedHashes = (written: Written) => written.summary.files.map((file) => file.sha256);

beforeAll(() => {
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  applyHistorySchema(db);
  insertEntries(db, ROWS);
  db.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('an export written by line helpers', () => {
  const cases: Array<[string, Format, HistoryFilter]> = [
    ['every row, CSV', 'csv', {}],
    ['every row, JSON', 'json', {}],
    // Cut inside a day at both ends: the first and last blocks end at the filter's own bounds.
    ['a time range, JSON', 'json', { from: new Date(START_MS + DAY_MS / 3).toISOString(), till: new Date(START_MS + 20 * DAY_MS + 5_000).toISOString() }],
    // Most hex ids hold an "a": enough rows for the helpers, each helper finding the text's matches itself.
    ['a text, CSV', 'csv', { text: 'a' }],
  ];

  it.each(cases)('%s: the same file, rows, range, unpriced rows and withdrawals as one thread writes', async (_name, format, filter) => {
    const started = vi.spyOn(LineHelpers, 'start');
    const withHelpers = await exported(format, filter, true);
    expect(started).toHaveBeenCalledTimes(1);
    const alone = await exported(format, filter, false);
    expect(started).toHaveBeenCalledTimes(1);

    expect(withHelpers.summary).toEqual(alone.summary);
    expect(withHelpers.readBack).toEqual(listedHashes(alone));
    expect(alone.readBack).toEqual(listedHashes(alone));
    // The data file and the team's record.
    expect(alone.summary.files).toHaveLength(2);
    expect(withHelpers.teamProofsFor).toEqual(alone.teamProofsFor);
    expect(alone.teamProofsFor?.length).toBeGreaterThan(100);
    expect(alone.summary.rowCount).toBeGreaterThan(BLOCKS_FROM_ROWS);
    // Some rows valued and some not: both paths priced every row the same way.
    expect(alone.summary.unpricedRows).toBeGreaterThan(0);
    expect(alone.summary.unpricedRows).toBeLessThan(alone.summary.rowCount);
  }, 60_000);

  it('leaves a small export to the export thread alone, never taking the write lock', async () => {
    const started = vi.spyOn(LineHelpers, 'start');
    const statements = vi.spyOn(Database.prototype, 'exec');
    const small = await exported('csv', { currencies: ['BTC'] }, true);
    expect(small.summary.rowCount).toBeLessThan(BLOCKS_FROM_ROWS);
    expect(started).not.toHaveBeenCalled();
    expect(statements.mock.calls.map(([sql]) => sql)).not.toContain('BEGIN IMMEDIATE');
    expect(statements.mock.calls.map(([sql]) => sql)).toContain('BEGIN');
  });
});

describe('the store\'s write lock', () => {
  it('is held from before the export\'s transaction until the helpers have begun: no one commits meanwhile', () => {
    const writer = new Database(dbPath);
    writer.pragma('busy_timeout = 0');
    const lock = holdWrites(dbPath, undefined);
    try {
      expect(lock).not.toBeNull();
      expect(() => writer.prepare("UPDATE history_entries SET status = 'SUCCESS' WHERE rid = (SELECT MIN(rid) FROM history_entries)").run())
        .toThrow(/locked|busy/i);
      releaseWrites(lock);
      expect(writer.prepare("UPDATE history_entries SET status = status WHERE rid = (SELECT MIN(rid) FROM history_entries)").run().changes).toBe(1);
    } finally {
      releaseWrites(lock);
      writer.close();
    }
  });

  it('kept by a writer leaves the export to the export thread alone, which still writes every row', async () => {
    const writer = new Database(dbPath);
    writer.exec('BEGIN IMMEDIATE');
    try {
      const started = vi.spyOn(LineHelpers, 'start');
      const written = await exported('csv', {}, true);
      expect(started).not.toHaveBeenCalled();
      expect(written.summary.rowCount).toBe(ROWS.length);
      expect(written.readBack).toEqual(listedHashes(written));
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  }, 30_000);
});
