// History export figures at scale: 1,000,000 generated rows in a temporary history store, then
//   1. an export to a signed CSV zip, as the app makes it (worker thread, store read-only);
//   2. opening and verifying that export (signature, hashes, row counts);
//   3. loading it for review (verify again, then insert every row into a fresh review database);
// each against a baseline measured in the same run: reading the rows alone (the store's iterator,
// no writing), and hashing the archive's bytes alone. Each task runs in a child process of its
// own, so its peak RSS (maxRSS) is its own. Targets: export ≤ 3 s, open + verify ≤ 3 s.
// Run: npx tsx test/bench/history-export.ts [rows]
import { fork } from 'node:child_process';
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { HistoryEntry } from '../../preload/contract/history';
import { runExportJob } from '../../main/core/exports/export-job';
import { fingerprintOf, rawPublicKey } from '../../main/core/exports/fingerprint';
import type { ReviewTaskData, ReviewTaskResult } from '../../main/core/exports/review/review-task';
import { verifyExport } from '../../main/core/exports/verify';
import { runWorkerJob, SOURCE_WORKER } from '../../main/core/exports/worker-thread';
import { createHistoryQuery, insertEntries } from '../../main/core/history/query';
import { applyHistorySchema } from '../../main/core/history/schema';
import { historyRowStream } from '../support/history-rows';
import { trustOnly, type TestKey } from '../unit/exports/signed-export';

const MB = 2 ** 20;
const key = benchKey();

/** One fixed Ed25519 key (from a constant seed), the same in every child process. */
function benchKey(): TestKey {
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.alloc(32, 7)]);
  const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  const publicKey = rawPublicKey(privateKey);
  return { privateKey, publicKey, fingerprint: fingerprintOf(publicKey), sign: (bytes) => sign(null, bytes, privateKey) };
}

interface Figures {
  ms: number;
  peakRssMb: number;
  detail: string;
}

type Task = (dir: string) => Promise<string>;

const TASKS: Record<string, Task> = {
  'baseline: read the rows (store iterator)': async (dir) => {
    const db = new Database(join(dir, 'history.db'), { readonly: true });
    let rows = 0;
    for (const _entry of createHistoryQuery(db).iterate({})) rows += 1;
    db.close();
    return `${rows} rows`;
  },
  'export to a signed CSV zip': async (dir) => {
    const result = await runExportJob(
      { dbPath: join(dir, 'history.db'), filter: {}, format: 'csv', folder: dir, profileName: 'Bench', account: 'https://bench.example (API v3)' },
      {
        workerScript: SOURCE_WORKER, appVersion: '0.1.0', progress: () => undefined,
        signer: async () => ({ info: { publicKey: key.publicKey, fingerprint: key.fingerprint, createdAt: '' }, sign: key.sign }),
        now: () => new Date('2025-01-01T00:00:00Z'),
      },
    );
    return `${result.rows} rows, ${(result.bytes / MB).toFixed(1)} MiB zip (${result.fileName})`;
  },
  'baseline: SHA-256 of the archive bytes': async (dir) => {
    const path = join(dir, 'coffer-bench-20250101-000000-csv.zip');
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
    return `${(statSync(path).size / MB).toFixed(1)} MiB hashed`;
  },
  'open + verify the export': async (dir) => {
    const verification = await verifyExport(join(dir, 'coffer-bench-20250101-000000-csv.zip'), trustOnly(key));
    if (!verification.verified) throw new Error(`not verified: ${JSON.stringify(verification.problems)}`);
    return `verified, ${verification.manifest?.rowCount} rows, ${((verification.manifest?.files[0]?.bytes ?? 0) / MB).toFixed(0)} MiB of CSV hashed`;
  },
  'load it for review (verify + insert every row)': async (dir) => {
    const data: ReviewTaskData = { kind: 'review', zipPath: join(dir, 'coffer-bench-20250101-000000-csv.zip'), dbPath: join(dir, `review-${Date.now()}.db`), trusted: trustOnly(key) };
    const { verification, rows } = await runWorkerJob<ReviewTaskResult>(SOURCE_WORKER, data).result;
    if (!verification.verified) throw new Error('not verified');
    return `${rows} rows loaded`;
  },
};

async function seed(dir: string, count: number): Promise<number> {
  const started = performance.now();
  const db = new Database(join(dir, 'history.db'));
  db.pragma('journal_mode = WAL');
  applyHistorySchema(db);
  let batch: HistoryEntry[] = [];
  for (const entry of historyRowStream(count, { seed: 1, stepMs: 30_000 })) {
    batch.push(entry);
    if (batch.length === 20_000) {
      insertEntries(db, batch);
      batch = [];
    }
  }
  insertEntries(db, batch);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return performance.now() - started;
}

function runChild(name: string, dir: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] ?? '', ['--task', name, dir], { execArgv: process.execArgv });
    child.once('message', (message) => resolve(message as Figures));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`${name} exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  const count = Number.parseInt(process.argv[2] ?? '1000000', 10);
  const dir = mkdtempSync(join(tmpdir(), 'coffer-bench-export-'));
  try {
    const seededMs = await seed(dir, count);
    console.log(`history export, ${count.toLocaleString('en')} rows (store seeded in ${(seededMs / 1000).toFixed(1)} s, ${(statSync(join(dir, 'history.db')).size / MB).toFixed(0)} MiB)`);
    for (const name of Object.keys(TASKS)) {
      const figures = await runChild(name, dir);
      console.log(`  ${name.padEnd(48)} ${(figures.ms / 1000).toFixed(2).padStart(6)} s   peak RSS ${figures.peakRssMb.toFixed(0).padStart(4)} MiB   ${figures.detail}`);
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
