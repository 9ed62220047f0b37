// npm run bench (history-bulk-load) — loading an export's rows into a new database for review
// (bulk-load.ts): 1,000,000 generated entries handed to the loader 5,000 at a time, as the review
// task hands over what it parses, then the sums tables and indexes built. Only the loader's own
// time is counted (the rows are made between its calls). The floor, in the same run and the same
// kind of file: the same rows' values (rows.ts rowOf, made beforehand) inserted by one prepared
// statement into a plain table with no key and no index, in one transaction.
// Run: npx tsx test/bench/history-bulk-load.ts [rows]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { HistoryEntry } from '../../preload/contract/history';
import { bulkLoader } from '../../main/core/history/bulk-load';
import { rowOf } from '../../main/core/history/rows';
import { historyRowStream } from '../support/history-rows';
import { reportGoal } from './goals';

const ROWS = Number.parseInt(process.argv[2] ?? '1000000', 10);
/** What the review task hands the loader at once. */
const BATCH = 5_000;

function* batches(): Generator<HistoryEntry[]> {
  let batch: HistoryEntry[] = [];
  for (const entry of historyRowStream(ROWS)) {
    batch.push(entry);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function loadRun(file: string): { addMs: number; finishMs: number; loaded: number } {
  const db = new Database(file);
  try {
    const loader = bulkLoader(db);
    let addMs = 0;
    for (const batch of batches()) {
      const started = performance.now();
      loader.add(batch);
      addMs += performance.now() - started;
    }
    const started = performance.now();
    const loaded = loader.finish();
    return { addMs, finishMs: performance.now() - started, loaded };
  } finally {
    db.close();
  }
}

/** The same values into a plain table: what SQLite itself needs to take the rows in. */
function floorRun(file: string): number {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    const columns = rowOf(0, historyRowStream(1).next().value as HistoryEntry).values.length;
    db.exec(`CREATE TABLE plain (${Array.from({ length: columns }, (_, i) => `c${i}`).join(', ')})`);
    const insert = db.prepare(`INSERT INTO plain VALUES (${Array.from({ length: columns }, () => '?').join(', ')})`);
    let insertMs = 0;
    let rid = 0;
    const timed = (run: () => void) => {
      const started = performance.now();
      run();
      insertMs += performance.now() - started;
    };
    timed(() => db.exec('BEGIN'));
    for (const batch of batches()) {
      const values = batch.map((entry) => rowOf((rid += 1), entry).values);
      timed(() => {
        for (const row of values) insert.run(row);
      });
    }
    timed(() => db.exec('COMMIT'));
    return insertMs;
  } finally {
    db.close();
  }
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-bench-bulk-'));
  try {
    const floorMs = floorRun(join(dir, 'plain.db'));
    const load = loadRun(join(dir, 'review.db'));
    if (load.loaded !== ROWS) throw new Error(`loaded ${load.loaded} rows of ${ROWS}`);
    const seconds = (ms: number) => `${(ms / 1_000).toFixed(2)} s`;
    console.log(`history bulk load: ${ROWS.toLocaleString('en')} rows, adding ${seconds(load.addMs)}, sums and indexes ${seconds(load.finishMs)}; `
      + `the plain insert of their values ${seconds(floorMs)}`);
    reportGoal({
      figure: `history bulk load for review, ${ROWS.toLocaleString('en')} rows`,
      value: (load.addMs + load.finishMs) / 1_000,
      unit: 's',
      floor: { value: floorMs / 1_000, label: 'the same values into a plain table, one transaction' },
      rule: { ratioAtMost: 2 },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
