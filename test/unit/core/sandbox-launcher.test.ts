// The built-in sandbox's start options read from the environment.
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sandboxLauncherFromEnv, sandboxPrepareFromEnv, sandboxStartFromEnv } from '../../../main/core/sandbox-launcher';
import { prewarmSandboxThread, SANDBOX_DB_FILE, SOURCE_SANDBOX_WORKER } from '../../../main/core/sandbox-thread';
import type { RunningSandbox } from '../../../main/sandbox/index';

/** What the master's history says, oldest first, without the ids and times a launch makes anew. */
async function historyOf(sandbox: RunningSandbox): Promise<string[]> {
  const auth = `Basic ${Buffer.from(`${sandbox.master.apiKey}:${sandbox.master.secretKey}`).toString('base64')}`;
  const list = await fetch(`${sandbox.restUrl}/api/3/wallet/transactions?limit=1000&sort=ASC`, { headers: { Authorization: auth } });
  const rows = (await list.json()) as Array<{ native: { currency: string; amount: string; fee?: string }; type: string; status: string }>;
  return rows.map((row) => `${row.type} ${row.status} ${row.native.currency} ${row.native.amount} ${row.native.fee ?? ''}`);
}

describe('sandboxLauncherFromEnv', () => {
  it('starts nothing when the sandbox is turned off', () => {
    expect(sandboxLauncherFromEnv({ COFFER_NO_SANDBOX: '1', COFFER_SANDBOX_HISTORY: '10' })).toBeUndefined();
  });

  it('starts the plain sandbox in this thread when nothing else is asked', async () => {
    const sandbox = await sandboxLauncherFromEnv({})!({ lightSeed: true, apiKey: 'plain-key', secretKey: 'plain-secret' });
    try {
      const auth = `Basic ${Buffer.from('plain-key:plain-secret').toString('base64')}`;
      expect((await fetch(`${sandbox.restUrl}/api/3/wallet/transactions?limit=1`, { headers: { Authorization: auth } })).status).toBe(200);
      // No control token asked for: the test controls are off.
      expect((await fetch(`${sandbox.restUrl}/sandbox/stats`)).status).not.toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('starts on a thread made ahead of time, with the options given at start; a second start gets a thread of its own', async () => {
    const launch = sandboxLauncherFromEnv({ COFFER_SANDBOX_HISTORY: '12' }, prewarmSandboxThread(SOURCE_SANDBOX_WORKER));
    const first = await launch!({ apiKey: 'warm-key', secretKey: 'warm-secret', port: 0 });
    const second = await launch!({ apiKey: 'other-key', secretKey: 'other-secret', port: 0 });
    try {
      expect(first.master).toMatchObject({ apiKey: 'warm-key', secretKey: 'warm-secret' });
      expect(second.master).toMatchObject({ apiKey: 'other-key', secretKey: 'other-secret' });
      expect(second.restUrl).not.toBe(first.restUrl);
      const auth = `Basic ${Buffer.from('warm-key:warm-secret').toString('base64')}`;
      const list = await fetch(`${first.restUrl}/api/3/wallet/transactions?limit=1000`, { headers: { Authorization: auth } });
      expect(((await list.json()) as unknown[]).length).toBe(12);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    await expect(fetch(`${first.restUrl}/api/3/wallet/transactions`)).rejects.toThrow();
  });

  it('refuses to start when a thread made ahead of time cannot start the sandbox', async () => {
    const launch = sandboxLauncherFromEnv({}, prewarmSandboxThread(SOURCE_SANDBOX_WORKER));
    await expect(launch!({ db: '/nonexistent-dir/sandbox.db' })).rejects.toThrow();
  });

  it('seeds a history of the size asked for', async () => {
    const launch = sandboxLauncherFromEnv({ COFFER_SANDBOX_HISTORY: '25', COFFER_SANDBOX_CONTROL_TOKEN: 'token-1' });
    expect(launch).toBeDefined();
    const sandbox = await launch!({ lightSeed: false });
    try {
      const stats = await fetch(`${sandbox.restUrl}/sandbox/stats`, { headers: { Authorization: 'Bearer token-1' } });
      expect(stats.status).toBe(200);
      const auth = `Basic ${Buffer.from(`${sandbox.master.apiKey}:${sandbox.master.secretKey}`).toString('base64')}`;
      const list = await fetch(`${sandbox.restUrl}/api/3/wallet/transactions?limit=1000`, { headers: { Authorization: auth } });
      expect(((await list.json()) as unknown[]).length).toBe(25);
    } finally {
      await sandbox.close();
    }
  });

  it('runs the sandbox on its own thread when given the worker, reached and closed the same way', async () => {
    const launch = sandboxLauncherFromEnv({ COFFER_SANDBOX_HISTORY: '30', COFFER_SANDBOX_CONTROL_TOKEN: 'token-2' }, SOURCE_SANDBOX_WORKER);
    const sandbox = await launch!({ apiKey: 'thread-key', secretKey: 'thread-secret', port: 0 });
    expect(sandbox.master).toMatchObject({ apiKey: 'thread-key', secretKey: 'thread-secret' });
    expect(sandbox.master.rights.length).toBeGreaterThan(0);
    const auth = `Basic ${Buffer.from('thread-key:thread-secret').toString('base64')}`;
    const list = await fetch(`${sandbox.restUrl}/api/3/wallet/transactions?limit=1000`, { headers: { Authorization: auth } });
    expect(((await list.json()) as unknown[]).length).toBe(30);
    const stats = await fetch(`${sandbox.restUrl}/sandbox/stats`, { headers: { Authorization: 'Bearer token-2' } });
    expect(stats.status).toBe(200);
    await sandbox.close();
    await expect(fetch(`${sandbox.restUrl}/api/3/wallet/transactions`, { headers: { Authorization: auth } })).rejects.toThrow();
  });

  it('refuses to start when the sandbox thread cannot', async () => {
    const launch = sandboxLauncherFromEnv({}, SOURCE_SANDBOX_WORKER);
    await expect(launch!({ db: '/nonexistent-dir/sandbox.db' })).rejects.toThrow();
  });

  it.each(['-1', '1.5', 'many', '200001'])('refuses COFFER_SANDBOX_HISTORY=%s, naming the variable', (text) => {
    expect(() => sandboxLauncherFromEnv({ COFFER_SANDBOX_HISTORY: text })).toThrow(/COFFER_SANDBOX_HISTORY must be a whole number/);
  });

  it('names the built-in sandbox\'s database and history for seeding ahead, and nothing when the sandbox is off', () => {
    expect(sandboxPrepareFromEnv({ COFFER_SANDBOX_HISTORY: '40' }, '/data')).toEqual({ db: join('/data', SANDBOX_DB_FILE), seededHistory: 40 });
    expect(sandboxPrepareFromEnv({}, '/data')).toEqual({ db: join('/data', SANDBOX_DB_FILE), seededHistory: undefined });
    expect(sandboxPrepareFromEnv({ COFFER_NO_SANDBOX: '1' }, '/data')).toBeUndefined();
  });

  it('seeds the database on a thread made ahead of time, and the sandbox started on it has the world it would have seeded itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-prepared-'));
    const prepared = join(dir, 'nested', SANDBOX_DB_FILE);
    const launch = sandboxLauncherFromEnv({ COFFER_SANDBOX_HISTORY: '40' }, prewarmSandboxThread(SOURCE_SANDBOX_WORKER, { db: prepared, seededHistory: 40 }));
    const ahead = await launch!({ apiKey: 'ahead-key', secretKey: 'ahead-secret', port: 0, db: prepared });
    const itself = await launch!({ apiKey: 'own-key', secretKey: 'own-secret', port: 0, db: join(dir, 'own.db') });
    try {
      expect(ahead.master).toMatchObject({ apiKey: 'ahead-key', secretKey: 'ahead-secret' });
      const history = await historyOf(ahead);
      expect(history).toHaveLength(40);
      expect(history).toEqual(await historyOf(itself));
    } finally {
      await Promise.all([ahead.close(), itself.close()]);
    }
    // Seeded before the start: the master got a key of its own then, which the start's key replaced.
    const labels = (file: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare("SELECT label FROM api_keys WHERE label LIKE '%master'").all() as Array<{ label: string }>).map((row) => row.label).sort();
      } finally {
        db.close();
      }
    };
    expect(labels(prepared)).toEqual(['master', 'previous-master']);
    expect(labels(join(dir, 'own.db'))).toEqual(['master']);
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the options the built-in sandbox starts with on a database already there, and nothing when the sandbox is off', () => {
    expect(sandboxStartFromEnv({ COFFER_SANDBOX_HISTORY: '40', COFFER_SANDBOX_CONTROL_TOKEN: 't' }, '/data'))
      .toEqual({ port: 0, db: join('/data', SANDBOX_DB_FILE), controlToken: 't', seededHistory: 40 });
    expect(sandboxStartFromEnv({}, '/data')).toEqual({ port: 0, db: join('/data', SANDBOX_DB_FILE) });
    expect(sandboxStartFromEnv({ COFFER_NO_SANDBOX: '1' }, '/data')).toBeUndefined();
  });

  describe('started ahead on a database already there', () => {
    const ENV = { COFFER_SANDBOX_HISTORY: '12' };

    /** A data directory whose sandbox database a launch made with this key pair. */
    async function launchedBefore(apiKey: string, secretKey: string): Promise<string> {
      const dir = mkdtempSync(join(tmpdir(), 'coffer-ahead-'));
      const before = await sandboxLauncherFromEnv(ENV)!({ apiKey, secretKey, port: 0, db: join(dir, SANDBOX_DB_FILE) });
      await before.close();
      return dir;
    }

    /** Resolves once this process holds `file` open: the thread made ahead has opened it. */
    async function openedHere(file: string): Promise<void> {
      const holds = () => readdirSync('/proc/self/fd').some((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      });
      while (!holds()) await new Promise((resolve) => setTimeout(resolve, 20));
    }

    it('is handed over when asked with its master key pair: the start did not wait for the ask', async () => {
      const dir = await launchedBefore('kept-key', 'kept-secret');
      const db = join(dir, SANDBOX_DB_FILE);
      const launch = sandboxLauncherFromEnv(ENV, prewarmSandboxThread(SOURCE_SANDBOX_WORKER, undefined, sandboxStartFromEnv(ENV, dir)));
      await openedHere(db);
      // Gone from the disk now: only the sandbox already started still has the database with that key.
      rmSync(db);
      const sandbox = await launch!({ apiKey: 'kept-key', secretKey: 'kept-secret', port: 0, db });
      try {
        expect(sandbox.master).toMatchObject({ apiKey: 'kept-key', secretKey: 'kept-secret' });
        expect(await historyOf(sandbox)).toHaveLength(12);
        // A start made on the ask would have made a new database there.
        expect(existsSync(db)).toBe(false);
      } finally {
        await sandbox.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('is closed and started again when asked with another key pair, which becomes the master key', async () => {
      const dir = await launchedBefore('old-key', 'old-secret');
      const launch = sandboxLauncherFromEnv(ENV, prewarmSandboxThread(SOURCE_SANDBOX_WORKER, undefined, sandboxStartFromEnv(ENV, dir)));
      const sandbox = await launch!({ apiKey: 'new-key', secretKey: 'new-secret', port: 0, db: join(dir, SANDBOX_DB_FILE) });
      try {
        expect(sandbox.master).toMatchObject({ apiKey: 'new-key', secretKey: 'new-secret' });
        expect(await historyOf(sandbox)).toHaveLength(12);
      } finally {
        await sandbox.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
