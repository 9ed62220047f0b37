// What several benches share: the fixed signing key of their exports, a history store filled with
// generated rows as the export bench has always made it, and the built web host spawned until it
// prints its URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { createPrivateKey, sign } from 'node:crypto';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import type { HistoryEntry } from '../../preload/contract/history';
import { fingerprintOf, rawPublicKey } from '../../main/core/exports/fingerprint';
import { insertEntries } from '../../main/core/history/query';
import { applyHistorySchema } from '../../main/core/history/schema';
import { historyRowStream } from '../support/history-rows';
import type { TestKey } from '../unit/exports/signed-export';

export const BUILT_HOST = join(resolve(__dirname, '../..'), 'out/main/host.js');
const URL_LINE = /http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+/;

/** One fixed Ed25519 key (from a constant seed), the same in every child process. */
export function benchKey(): TestKey {
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.alloc(32, 7)]);
  const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  const publicKey = rawPublicKey(privateKey);
  return { privateKey, publicKey, fingerprint: fingerprintOf(publicKey), sign: (bytes) => sign(null, bytes, privateKey) };
}

/** `dir`/history.db with `count` generated rows (seed 1, one every 30 s), checkpointed and closed. */
export function seedHistoryDb(dir: string, count: number): void {
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
}

/** Spawns the built web host; resolves with its URL (token included) once it prints it. */
export function spawnBuiltHost(env: NodeJS.ProcessEnv, cwd: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BUILT_HOST], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  return new Promise((done, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const url = URL_LINE.exec(line)?.[0];
      if (url) done({ child, url });
    });
    child.once('exit', (code) => fail(new Error(`host exited (${code}) before printing its URL\n${errors.join('')}`)));
  });
}
