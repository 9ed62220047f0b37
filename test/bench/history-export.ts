// History export figures at scale: 1,000,000 generated rows in a temporary history store, then
//   1. an export to a signed zip in every format, as the app makes it (worker thread, store
//      read-only), each against its floor measured right before it: `sqlite3 -csv` of the same
//      columns in the same order into a file, plus `sha256sum` of that file;
//   2. opening and verifying the CSV export (signature, hashes, row counts);
//   3. loading it for review (verify again, then insert every row into a fresh review database).
// Reading the rows alone (the store's iterator, nothing written) is printed first, for reference.
// Each task runs in a child process of its own, so its peak RSS (maxRSS) is its own. Goals: each
// format ≤ 1.5× its floor and ≤ 300 MiB peak RSS.
// Run: npx tsx test/bench/history-export.ts [rows] [--formats csv,json] [--no-review]
import { execFileSync, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { EXPORT_FORMATS, type ExportFormat } from '../../preload/contract/history';
import { runExportJob } from '../../main/core/exports/export-job';
import type { ReviewTaskData, ReviewTaskResult } from '../../main/core/exports/review/review-task';
import { verifyExport } from '../../main/core/exports/verify';
import { runWorkerJob, SOURCE_WORKER } from '../../main/core/exports/worker-thread';
import { createHistoryQuery } from '../../main/core/history/query';
import { ENTRY_COLUMNS } from '../../main/core/history/rows';
import { HISTORY_TABLE } from '../../main/core/history/schema';
import { trustOnly } from '../unit/exports/signed-export';
import { benchKey, seedHistoryDb } from './bench-support';
import { reportGoal } from './goals';

const MB = 2 ** 20;
const key = benchKey();

interface Figures {
  ms: number;
  peakRssMb: number;
  detail: string;
}

type Task = (dir: string) => Promise<string>;

const CSV_ZIP = 'coffer-bench-20250101-000000-csv.zip';
const FLOOR_LABEL = 'sqlite3 -csv of the same rows + sha256sum';

/** The floor: the sqlite3 shell writing the rows the export reads, in its order, as CSV; then the file hashed. */
async function floorTask(dir: string): Promise<string> {
  const out = join(dir, 'floor.csv');
  const sql = `SELECT ${ENTRY_COLUMNS.replace(/\s+/g, ' ')} FROM ${HISTORY_TABLE} ORDER BY created_ms ASC, rid ASC;`;
  execFileSync('/usr/bin/sqlite3', ['-csv', '-readonly', join(dir, 'history.db'), `.output ${out}`, sql]);
  const hash = execFileSync('sha256sum', [out], { encoding: 'utf8' }).slice(0, 12);
  const size = statSync(out).size;
  rmSync(out);
  return `${(size / MB).toFixed(0)} MiB of CSV, sha256 ${hash}…`;
}

function exportTask(format: ExportFormat): Task {
  return async (dir) => {
    const result = await runExportJob(
      { dbPath: join(dir, 'history.db'), filter: {}, format, folder: dir, profileName: 'Bench', account: 'https://bench.example (API v3)' },
      {
        workerScript: SOURCE_WORKER, appVersion: '0.1.0', progress: () => undefined,
        signer: async () => ({ info: { publicKey: key.publicKey, fingerprint: key.fingerprint, createdAt: '' }, sign: key.sign }),
        now: () => new Date('2025-01-01T00:00:00Z'),
      },
    );
    if (format !== 'csv') rmSync(result.path);
    return `${result.rows} rows, ${(result.bytes / MB).toFixed(1)} MiB zip (${result.fileName})`;
  };
}

const READ_ALONE = 'the store iterator alone (no writing)';

const TASKS: Record<string, Task> = {
  floor: floorTask,
  [READ_ALONE]: async (dir) => {
    const db = new Database(join(dir, 'history.db'), { readonly: true });
    let rows = 0;
    for (const _entry of createHistoryQuery(db).iterate({})) rows += 1;
    db.close();
    return `${rows} rows read`;
  },
  ...Object.fromEntries(EXPORT_FORMATS.map((format) => [`export ${format}`, exportTask(format)])),
  'baseline: SHA-256 of the archive bytes': async (dir) => {
    const path = join(dir, CSV_ZIP);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
    return `${(statSync(path).size / MB).toFixed(1)} MiB hashed`;
  },
  'open + verify the export': async (dir) => {
    const verification = await verifyExport(join(dir, CSV_ZIP), trustOnly(key));
    if (!verification.verified) throw new Error(`not verified: ${JSON.stringify(verification.problems)}`);
    return `verified, ${verification.manifest?.rowCount} rows, ${((verification.manifest?.files[0]?.bytes ?? 0) / MB).toFixed(0)} MiB of CSV hashed`;
  },
  'load it for review (verify + insert every row)': async (dir) => {
    const dbPath = join(dir, `review-${Date.now()}.db`);
    const data: ReviewTaskData = { kind: 'review', zipPath: join(dir, CSV_ZIP), dbPath, firstRowsPath: `${dbPath}.first`, trusted: trustOnly(key) };
    const { verification, rows } = await runWorkerJob<ReviewTaskResult>(SOURCE_WORKER, data, { request: async () => null }).result;
    if (!verification.verified) throw new Error('not verified');
    return `${rows} rows loaded`;
  },
};

const FORMAT_NAMES: Record<ExportFormat, string> = { csv: 'Coffer CSV', json: 'JSON', koinly: 'Koinly universal CSV', cointracking: 'CoinTracking CSV' };

async function seed(dir: string, count: number): Promise<number> {
  const started = performance.now();
  seedHistoryDb(dir, count);
  return performance.now() - started;
}

function runChild(name: string, dir: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] ?? '', ['--task', name, dir], { execArgv: process.execArgv });
    child.once('message', (message) => resolve(message as Figures));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`${name} exited with ${code}`))));
  });
}

function printed(name: string, figures: Figures): Figures {
  console.log(`  ${name.padEnd(48)} ${(figures.ms / 1000).toFixed(2).padStart(6)} s   peak RSS ${figures.peakRssMb.toFixed(0).padStart(4)} MiB   ${figures.detail}`);
  return figures;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const formatsAt = args.indexOf('--formats');
  const formats = formatsAt === -1 ? [...EXPORT_FORMATS] : (args[formatsAt + 1] ?? '').split(',') as ExportFormat[];
  const count = Number.parseInt(args.find((arg) => /^\d+$/.test(arg)) ?? '1000000', 10);
  const rowsText = `${count.toLocaleString('en')} rows`;
  const dir = mkdtempSync(join(tmpdir(), 'coffer-bench-export-'));
  try {
    const seededMs = await seed(dir, count);
    console.log(`history export, ${rowsText} (store seeded in ${(seededMs / 1000).toFixed(1)} s, ${(statSync(join(dir, 'history.db')).size / MB).toFixed(0)} MiB)`);
    if (!formats.includes('csv')) formats.unshift('csv');
    // What reading the rows costs before anything is written: the part of an export no format can avoid.
    printed(READ_ALONE, await runChild(READ_ALONE, dir));
    for (const format of formats) {
      // The floor right before each export: the machine is shared, and the ratio is what counts.
      const floor = printed(`floor: ${FLOOR_LABEL}`, await runChild('floor', dir));
      const figures = printed(`export to a signed ${format} zip`, await runChild(`export ${format}`, dir));
      reportGoal({
        figure: `export, ${FORMAT_NAMES[format]}, ${rowsText}`, value: figures.ms / 1000, unit: 's',
        floor: { value: floor.ms / 1000, label: FLOOR_LABEL }, rule: { ratioAtMost: 1.5 },
      });
      reportGoal({ figure: `export, ${FORMAT_NAMES[format]}, ${rowsText}, peak RSS`, value: figures.peakRssMb, unit: 'MiB', rule: { atMost: 300 } });
    }
    if (args.includes('--no-review')) return;
    for (const name of ['baseline: SHA-256 of the archive bytes', 'open + verify the export', 'load it for review (verify + insert every row)']) {
      printed(name, await runChild(name, dir));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--task') {
  const [name, dir] = [process.argv[3] ?? '', process.argv[4] ?? ''];
  const task = TASKS[name];
  if (task === undefined) throw new Error(`no task ${name}`);
  const started = performance.now();
  void task(dir).then((detail) => {
    const figures: Figures = { ms: performance.now() - started, peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB, detail };
    process.send?.(figures, () => process.exit(0));
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
