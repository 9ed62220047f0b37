// The seed's late part: a new sandbox answers once its balances are written and writes the
// master's wallet transactions after; a history read made meanwhile waits and gets the whole
// history, and a late write cut short is done again, the same rows, by the next start.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxClock } from '../../../main/sandbox/clock';
import { createContext } from '../../../main/sandbox/context';
import { openDatabase } from '../../../main/sandbox/db/open';
import { prepareSandboxDb, startSandbox } from '../../../main/sandbox/index';
import { writeLateHistory, writeLateHistoryInSlices } from '../../../main/sandbox/seed/late-history';
import { SEEDED_HISTORY } from '../../../main/sandbox/seed/seed';
import { hs256Header, type TestKey } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'coffer-late-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEY: TestKey = { label: 'master', api_key: 'late-history-key', secret_key: 'late-history-secret', rights: [] };

async function get(restUrl: string, path: string, query: string): Promise<unknown> {
  const pathWithQuery = query === '' ? path : `${path}?${query}`;
  const res = await fetch(restUrl + pathWithQuery, { headers: { authorization: hs256Header(KEY, 'GET', pathWithQuery, '', Date.now()) } });
  expect(res.status).toBe(200);
  return res.json();
}

function pendingMark(file: string): string | undefined {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT value FROM meta WHERE key = 'history_pending'").get() as { value: string } | undefined)?.value;
  } finally {
    db.close();
  }
}

function transactionRows(file: string): unknown[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT * FROM transactions ORDER BY id').all();
  } finally {
    db.close();
  }
}

describe("the seed's late history", () => {
  it('holds a history read made while the transactions are written, then answers with the whole history', async () => {
    const file = join(dir, 'gate.db');
    prepareSandboxDb({ db: file });
    expect(pendingMark(file)).toBeDefined();
    const sandbox = await startSandbox({ db: file, apiKey: KEY.api_key, secretKey: KEY.secret_key, limits: { enabled: false } });
    try {
      expect(pendingMark(file)).toBeDefined();
      const newestFirst = 'sort=DESC&order_by=created_at&limit=1000';
      const [during, balances] = await Promise.all([
        get(sandbox.restUrl, '/api/3/wallet/transactions', newestFirst),
        get(sandbox.restUrl, '/api/3/wallet/balance', ''),
      ]);
      expect(pendingMark(file)).toBeUndefined();
      expect((balances as unknown[]).length).toBeGreaterThan(0);
      expect(during).toEqual(await get(sandbox.restUrl, '/api/3/wallet/transactions', newestFirst));
      let total = 0;
      for (let offset = 0; ; offset += 1000) {
        const page = (await get(sandbox.restUrl, '/api/3/wallet/transactions', `limit=1000&offset=${offset}`)) as unknown[];
        total += page.length;
        if (page.length < 1000) break;
      }
      expect(total).toBe(SEEDED_HISTORY);
    } finally {
      await sandbox.close();
    }
  });

  it('writes again, the same rows, a late write cut short', async () => {
    const cut = join(dir, 'cut.db');
    const whole = join(dir, 'whole.db');
    prepareSandboxDb({ db: cut, seededHistory: 3_000 });
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(cut + suffix)) copyFileSync(cut + suffix, whole + suffix);

    const cutDb = openDatabase(cut);
    await writeLateHistoryInSlices(createContext(cutDb, new SandboxClock(), 1, { rate: () => null }), async () => {
      cutDb.close();
    });
    const partial = transactionRows(cut).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(3_000);
    expect(pendingMark(cut)).toBeDefined();

    const wholeDb = openDatabase(whole);
    writeLateHistory(createContext(wholeDb, new SandboxClock(), 1, { rate: () => null }));
    wholeDb.close();

    const sandbox = await startSandbox({ db: cut, apiKey: KEY.api_key, secretKey: KEY.secret_key, limits: { enabled: false } });
    try {
      await get(sandbox.restUrl, '/api/3/wallet/transactions', 'limit=1');
      expect(pendingMark(cut)).toBeUndefined();
      const rows = transactionRows(cut);
      expect(rows).toHaveLength(3_000);
      expect(rows).toEqual(transactionRows(whole));
    } finally {
      await sandbox.close();
    }
  });
});
