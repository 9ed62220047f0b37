import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAuditLog, type AuditAppend, type AuditLog } from '../../../main/core/audit/audit-log';
import { GENESIS_HASH, hashEntry } from '../../../main/core/audit/chain';
import { verifyChainInChunks } from '../../../main/core/audit/chain-check';
import { AUDIT_DB_FILE } from '../../../main/core/audit/schema';
import type { AuditVerification } from '../../../preload/contract/audit';

let dir: string;
let log: AuditLog;
let clock: Date;

const base: AuditAppend = {
  profileId: 'p1',
  profileName: 'Treasury',
  action: 'prepare',
  phase: 'attempt',
  correlationId: 'c-1',
  outcome: 'sent',
  currency: 'BTC',
  amount: '0.5',
  address: 'bc1qxyz',
  network: 'BTC',
};

function tick(minutes = 1): void {
  clock = new Date(clock.getTime() + minutes * 60_000);
}

function rawDb(): Database.Database {
  return new Database(join(dir, AUDIT_DB_FILE));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-audit-'));
  clock = new Date('2026-01-02T03:04:05.000Z');
  log = openAuditLog(dir, { now: () => clock, osUser: 'alice' });
});

afterEach(() => {
  log.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The verdict, checked to be the same whole (verify) and in chunks of two (what the app runs,
 *  with a chunk boundary next to every entry). */
async function verdict(): Promise<AuditVerification> {
  const whole = log.verify();
  const db = rawDb();
  try {
    expect(await verifyChainInChunks(db, undefined, 2)).toEqual(whole);
  } finally {
    db.close();
  }
  return whole;
}

function appendSeveral(count: number): void {
  for (let i = 0; i < count; i += 1) {
    log.append({ ...base, correlationId: `c-${i}`, amount: `0.${i + 1}` });
    tick();
  }
}

describe('audit chain', () => {
  it('hashes the canonical form exactly as an independent sha256 does', () => {
    const entry = log.append(base);
    expect(entry.prevHash).toBe(GENESIS_HASH);
    // printf '%s' '[1,"2026-01-02T03:04:05.000Z",...,"0000…"]' | sha256sum
    expect(entry.hash).toBe('ccba2622ffa8e6d349677a90931e40370c6ee8feb592d981b2be273bda982d3a');
    expect(entry.osUser).toBe('alice');
  });

  it('links every entry to the one before and verifies', async () => {
    appendSeveral(5);
    const entries = log.all();
    expect(entries).toHaveLength(5);
    for (let i = 1; i < entries.length; i += 1) expect(entries[i]?.prevHash).toBe(entries[i - 1]?.hash);
    expect(await verdict()).toEqual({ ok: true, count: 5 });
  });

  it('verifies an empty log', async () => {
    expect(await verdict()).toEqual({ ok: true, count: 0 });
  });

  it('continues the chain after the file is reopened', async () => {
    appendSeveral(2);
    const last = log.all().at(-1);
    log.close();
    log = openAuditLog(dir, { now: () => clock, osUser: 'bob' });
    const next = log.append(base);
    expect(next.prevHash).toBe(last?.hash);
    expect(next.id).toBe(3);
    expect(await verdict()).toEqual({ ok: true, count: 3 });
  });

  it('refuses UPDATE and DELETE through its triggers', async () => {
    appendSeveral(2);
    const db = rawDb();
    try {
      expect(() => db.prepare("UPDATE audit_entries SET amount = '9' WHERE id = 1").run()).toThrow(/append-only/);
      expect(() => db.prepare('DELETE FROM audit_entries WHERE id = 1').run()).toThrow(/append-only/);
    } finally {
      db.close();
    }
    expect(await verdict()).toEqual({ ok: true, count: 2 });
  });

  it('catches a row altered with raw SQL at that row', async () => {
    appendSeveral(5);
    const db = rawDb();
    try {
      db.exec('DROP TRIGGER audit_entries_no_update');
      db.prepare("UPDATE audit_entries SET amount = '50' WHERE id = 3").run();
    } finally {
      db.close();
    }
    const result = await verdict();
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.brokenAt).toBe(3);
      expect(result.reason).toMatch(/altered/);
    }
  });

  it('catches an altered enumeration value even when it maps to a valid one for display', async () => {
    appendSeveral(3);
    const db = rawDb();
    try {
      db.exec('DROP TRIGGER audit_entries_no_update');
      db.prepare("UPDATE audit_entries SET action = 'bogus' WHERE id = 2").run();
    } finally {
      db.close();
    }
    expect(await verdict()).toMatchObject({ ok: false, brokenAt: 2 });
  });

  it('catches a re-hashed forgery at the next row, and a deleted row at its successor', async () => {
    appendSeveral(5);
    const forged = { ...log.all()[1]!, amount: '99' };
    const db = rawDb();
    try {
      db.exec('DROP TRIGGER audit_entries_no_update; DROP TRIGGER audit_entries_no_delete');
      db.prepare('UPDATE audit_entries SET amount = ?, hash = ? WHERE id = 2').run('99', hashEntry(forged));
      expect(await verdict()).toMatchObject({ ok: false, brokenAt: 3 });
      // Put the original back (its hash is what entry 3 points to): the chain heals.
      db.prepare('UPDATE audit_entries SET amount = ?, hash = ? WHERE id = 2').run('0.2', log.all()[2]!.prevHash);
      expect(await verdict()).toEqual({ ok: true, count: 5 });
      db.prepare('DELETE FROM audit_entries WHERE id = 4').run();
    } finally {
      db.close();
    }
    expect(await verdict()).toMatchObject({ ok: false, brokenAt: 5, reason: expect.stringMatching(/removed/) });
  });
});

describe('audit queries', () => {
  beforeEach(() => {
    log.append({ ...base, correlationId: 'a', currency: 'BTC', address: 'bc1-first' });
    tick(10);
    log.append({ ...base, correlationId: 'a', phase: 'result', outcome: 'ok', txId: 'tx-777' });
    tick(10);
    log.append({ ...base, correlationId: 'b', action: 'commit', profileId: 'p2', profileName: 'Ops', currency: 'ETH' });
    tick(10);
    log.append({ ...base, correlationId: 'c', action: 'transfer', detail: 'wallet → spot', currency: 'USDT', address: null });
  });

  it('filters by action and profile', () => {
    expect(log.list({ action: 'commit' }).entries.map((e) => e.correlationId)).toEqual(['b']);
    expect(log.list({ profileId: 'p2' }).total).toBe(1);
    expect(log.list({ action: 'prepare' }).total).toBe(2);
  });

  it('searches text in any column, case-insensitively, with LIKE wildcards taken literally', () => {
    expect(log.list({ text: 'TX-777' }).entries.map((e) => e.id)).toEqual([2]);
    expect(log.list({ text: 'spot' }).entries.map((e) => e.action)).toEqual(['transfer']);
    expect(log.list({ text: '%' }).total).toBe(0);
    expect(log.list({ text: 'ops' }).total).toBe(1);
  });

  it('filters by time range inclusively', () => {
    const page = log.list({ from: '2026-01-02T03:14:05.000Z', till: '2026-01-02T03:24:05.000Z' });
    expect(page.entries.map((e) => e.id)).toEqual([3, 2]);
  });

  it('pages newest first and reports the total', () => {
    const first = log.list({ limit: 3 });
    expect(first.entries.map((e) => e.id)).toEqual([4, 3, 2]);
    expect(first.total).toBe(4);
    expect(log.list({ limit: 3, offset: 3 }).entries.map((e) => e.id)).toEqual([1]);
  });
});
