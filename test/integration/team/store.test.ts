// The team store against a real PostgreSQL server: migrations, the locked append that keeps each
// team's chain a line, unique keys, LISTEN/NOTIFY, and failures said in plain words.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaTooNewError } from '../../../main/db/migrate';
import { rawPublicKey } from '../../../main/core/exports/fingerprint';
import type { EntryBodies, EntryDraft, EntryKind } from '../../../main/team/entries';
import { signEntry, verifyEntries } from '../../../main/team/entry-crypto';
import { migratePostgres } from '../../../main/team/store/pg-migrate';
import { openTeamDb, type SignedDraft, type TeamDb, type TeamDbOptions } from '../../../main/team/store/team-db';
import { TEAM_MIGRATIONS } from '../../../main/team/store/team-schema';
import { TeamStoreError } from '../../../main/team/store/team-store-error';
import { parseTeamUrl } from '../../../main/team/store/team-url';
import { usePostgres } from '../../support/use-postgres';

const postgres = usePostgres();
const opened: TeamDb[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close().catch(() => undefined)));
});

function open(url: string, password: string | null = null, options?: TeamDbOptions): TeamDb {
  const db = openTeamDb(parseTeamUrl(url), password, options);
  opened.push(db);
  return db;
}

async function freshStore(name: string, options?: TeamDbOptions): Promise<{ db: TeamDb; url: string }> {
  const url = await postgres().createDatabase(name);
  const db = open(url, null, options);
  await db.migrate();
  return { db, url };
}

interface Desk {
  privateKey: KeyObject;
  author: string;
}

function newDesk(): Desk {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, author: rawPublicKey(publicKey) };
}

function draftOf<K extends EntryKind>(desk: Desk, teamId: string, kind: K, body: EntryBodies[K], uniqueKey: string | null = null): EntryDraft<K> {
  return { teamId, kind, body, author: desk.author, at: new Date().toISOString(), uniqueKey };
}

/** What a desk passes to append: its draft signed after whatever prevHash the store hands it. */
function signer(desk: Desk, draft: EntryDraft, seen: string[] = []): (prevHash: string) => SignedDraft {
  return (prevHash) => {
    seen.push(prevHash);
    return { draft, ...signEntry(draft, prevHash, desk.privateKey) };
  };
}

const leaveDraft = (desk: Desk, teamId: string, reason: string): EntryDraft => draftOf(desk, teamId, 'member.left', { reason });

async function expectStoreError(promise: Promise<unknown>, code: string, words: RegExp): Promise<TeamStoreError> {
  const error = await promise.then(
    () => new Error('it succeeded'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TeamStoreError);
  expect((error as TeamStoreError).code).toBe(code);
  expect((error as TeamStoreError).message).toMatch(words);
  return error as TeamStoreError;
}

describe('migrations', () => {
  it('applies version 1 once; a second run, even a concurrent one, applies nothing', async () => {
    const url = await postgres().createDatabase('migrate_twice');
    const [first, second] = await Promise.all([open(url).migrate(), open(url).migrate()]);
    expect([...first, ...second]).toEqual([1]);
    expect(await open(url).migrate()).toEqual([]);
    const rows = await postgres().sql('migrate_twice', 'SELECT version, name FROM schema_migrations');
    expect(rows).toEqual([{ version: 1, name: 'team entries' }]);
  });

  it('refuses a database a newer Coffer migrated, naming both versions and the database', async () => {
    const { db } = await freshStore('too_new');
    await postgres().sql('too_new', "INSERT INTO schema_migrations (version, name) VALUES (7, 'from the future')");
    const error = await expectStoreError(db.migrate(), 'TEAM_SCHEMA', /too_new has schema version 7, but this Coffer knows versions up to 1/);
    expect(error.message).toContain(`127.0.0.1:${postgres().port}`);
    expect(error.cause).toBeInstanceOf(SchemaTooNewError);

    const pool = new pg.Pool({ connectionString: postgres().url('too_new') });
    try {
      await expect(migratePostgres(pool, TEAM_MIGRATIONS, 'too_new')).rejects.toMatchObject({ name: 'SchemaTooNewError', file: 'too_new', recordedVersion: 7 });
    } finally {
      await pool.end();
    }
  });
});

describe('append', () => {
  it('links each entry to the stored hash of the one before, and reads them back verified', async () => {
    const { db } = await freshStore('chain');
    const desk = newDesk();
    const policy = { version: 1, referenceCurrency: 'USDT', tiers: [{ upTo: null, approvals: 1 }], currencyCaps: [], teamDailyCap: null, addressBookOnly: false, coolDownHours: 24 };
    const created = draftOf(desk, 'team-a', 'team.created', { name: 'Treasury', founder: { publicKey: desk.author, name: 'Payments' }, policy });
    const results = [];
    for (const draft of [created, leaveDraft(desk, 'team-a', 'one 0.10000000'), leaveDraft(desk, 'team-a', 'two')]) {
      results.push(await db.append('team-a', signer(desk, draft)));
    }
    const entries = results.map((result) => (result.appended ? result.entry : expect.fail('not appended')));
    expect(entries.map((entry) => entry.prevHash)).toEqual(['', entries[0]?.hash, entries[1]?.hash]);

    const read = await db.entriesAfter('team-a', 0);
    expect(read).toEqual(entries);
    expect(verifyEntries(read, '').map((entry) => entry.status)).toEqual(['valid', 'valid', 'valid']);
    expect(await db.entriesAfter('team-a', entries[0]!.seq, 1)).toEqual([entries[1]]);
    expect(await db.hashBefore('team-a', entries[2]!.seq)).toBe(entries[1]!.hash);
    expect(await db.hashBefore('team-a', entries[0]!.seq)).toBe('');
    expect(await db.entriesAfter('team-b', 0)).toEqual([]);
    expect(await db.entriesBySeq('team-a', [entries[2]!.seq, entries[0]!.seq, 999_999])).toEqual([entries[0], entries[2]]);
    expect(await db.entriesBySeq('team-b', [entries[0]!.seq])).toEqual([]);
    expect(await db.entriesBySeq('team-a', [])).toEqual([]);
    expect(await db.teams()).toEqual([{ teamId: 'team-a', name: 'Treasury' }]);
  });

  it('keeps one team\'s chain a line under 20 concurrent appends from two pools', async () => {
    const { db, url } = await freshStore('concurrent');
    const other = open(url);
    const desks = [newDesk(), newDesk()];
    const seen: string[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const desk = desks[i % 2]!;
        return (i % 2 === 0 ? db : other).append('team-c', signer(desk, leaveDraft(desk, 'team-c', `append ${i}`), seen));
      }),
    );
    const read = await db.entriesAfter('team-c', 0);
    expect(read).toHaveLength(20);
    expect(new Set(read.map((entry) => entry.prevHash)).size).toBe(20);
    expect(verifyEntries(read, '').filter((entry) => entry.status !== 'valid')).toEqual([]);
    // Each sign call saw a different prevHash: no append ever waited on a stale read.
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('stores a unique key once: of two concurrent appends, the other gets the existing entry', async () => {
    const { db, url } = await freshStore('unique_key');
    const other = open(url);
    const [first, second] = [newDesk(), newDesk()];
    const claim = (desk: Desk): EntryDraft => draftOf(desk, 'team-u', 'withdrawal.commitClaimed', { txId: 'tx-1' }, 'commit:tx-1');
    const results = await Promise.all([db.append('team-u', signer(first, claim(first))), other.append('team-u', signer(second, claim(second)))]);
    const won = results.filter((result) => result.appended);
    const lost = results.filter((result) => !result.appended);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.appended ? null : lost[0]!.existing).toEqual(won[0]!.appended ? won[0]!.entry : null);
    const rows = await postgres().sql('unique_key', "SELECT count(*)::int AS n FROM team_entries WHERE unique_key = 'commit:tx-1'");
    expect(rows).toEqual([{ n: 1 }]);
    // The same key in another team is that team's own.
    const elsewhere = await db.append('team-v', signer(first, { ...claim(first), teamId: 'team-v' }));
    expect(elsewhere.appended).toBe(true);
  });

  it('lets an error of the sign function through as it is and writes nothing', async () => {
    const { db } = await freshStore('sign_fails');
    const refusal = new Error('the desk key is locked');
    await expect(db.append('team-s', () => { throw refusal; })).rejects.toBe(refusal);
    const desk = newDesk();
    await expect(db.append('team-s', signer(desk, leaveDraft(desk, 'team-t', 'wrong team')))).rejects.toThrow(/team team-t was appended to team team-s/);
    expect(await db.entriesAfter('team-s', 0)).toEqual([]);
    expect((await db.append('team-s', signer(desk, leaveDraft(desk, 'team-s', 'fine')))).appended).toBe(true);
  });

  it('reads a row whose body is no longer JSON, so verification marks only that entry tampered', async () => {
    const { db } = await freshStore('bad_body');
    const desk = newDesk();
    for (const reason of ['a', 'b']) await db.append('team-t', signer(desk, leaveDraft(desk, 'team-t', reason)));
    await postgres().sql('bad_body', "UPDATE team_entries SET body = '{not json' WHERE seq = (SELECT min(seq) FROM team_entries)");
    const verified = verifyEntries(await db.entriesAfter('team-t', 0), '');
    expect(verified.map((entry) => entry.status)).toEqual(['tampered', 'valid']);
  });
});

describe('notifications', () => {
  it('tells a listener of an entry appended through another pool', async () => {
    const { db, url } = await freshStore('listen');
    const heard: string[] = [];
    const lost: Error[] = [];
    const stop = await db.listen((teamId, seq) => heard.push(`${teamId} ${seq}`), (error) => lost.push(error));
    const desk = newDesk();
    const result = await open(url).append('team with spaces', signer(desk, leaveDraft(desk, 'team with spaces', 'hello')));
    const seq = result.appended ? result.entry.seq : expect.fail('not appended');
    await expect.poll(() => heard, { timeout: 5000 }).toEqual([`team with spaces ${seq}`]);
    await stop();
    expect(lost).toEqual([]);
  });

  it('stops its listeners when closed, and closes once however often asked', async () => {
    const { db } = await freshStore('close_listen');
    const lost: Error[] = [];
    await db.listen(() => undefined, (error) => lost.push(error));
    const listening = async (): Promise<number> =>
      (await postgres().sql<{ n: number }>('postgres', "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'close_listen' AND application_name = 'coffer' AND query = 'LISTEN coffer_team'"))[0]!.n;
    expect(await listening()).toBe(1);
    await Promise.all([db.close(), db.close()]);
    await expect(db.close()).resolves.toBeUndefined();
    await expect.poll(listening, { timeout: 3000 }).toBe(0);
    expect(lost).toEqual([]);
  });
});

describe('failures', () => {
  it('says the server refused the password, or that it needs one, never echoing it', async () => {
    await postgres().sql('postgres', "CREATE ROLE teller LOGIN PASSWORD 'right-horse'");
    const url = postgres().url('postgres').replace('coffer@', 'teller@');
    const wrong = await expectStoreError(open(url, 'wrong-battery').ping(), 'TEAM_AUTH', /refused the password for user teller/);
    expect(wrong.message).not.toContain('wrong-battery');
    await expectStoreError(open(url, null).ping(), 'TEAM_AUTH', /asks for the password of user teller/);
    await expect(open(url, 'right-horse').ping()).resolves.toBeUndefined();
  });

  it('says a server without TLS cannot be used with sslmode=verify-full', async () => {
    const url = `${postgres().url('postgres')}?sslmode=verify-full`;
    await expectStoreError(open(url).ping(), 'TEAM_UNREACHABLE', /does not offer TLS, which sslmode=verify-full requires/);
  });

  it('gives up on a server that takes the connection but never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const db = open(`postgres://coffer@127.0.0.1:${port}/team`, null, { connectTimeoutMs: 500 });
      await expectStoreError(db.ping(), 'TEAM_UNREACHABLE', new RegExp(`127\\.0\\.0\\.1:${port} cannot be reached \\(no answer within 0\\.5 s\\)`));
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      silent.close();
    }
  });

  it('names a database the server does not have', async () => {
    await expectStoreError(open(postgres().url('nowhere')).ping(), 'TEAM_UNREACHABLE', /has no database nowhere/);
  });

  it('gives up on a statement the server cannot finish in time and carries on afterwards', async () => {
    const { db } = await freshStore('slow', { statementTimeoutMs: 300 });
    const holder = new pg.Client({ connectionString: postgres().url('slow') });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE team_entries IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      await expectStoreError(db.entriesAfter('team-x', 0), 'TEAM_TIMEOUT', new RegExp(`127\\.0\\.0\\.1:${postgres().port} did not answer within 0\\.3 s`));
      expect(Date.now() - started).toBeLessThan(2000);
      await holder.query('COMMIT');
      expect(await db.entriesAfter('team-x', 0)).toEqual([]);
    } finally {
      await holder.end();
    }
  });

  // Last: it stops the server the other tests share.
  it('reports a stopped server quickly as unreachable, tells the listener, and works once it is back', async () => {
    const connectTimeoutMs = 1000;
    const { db } = await freshStore('outage', { connectTimeoutMs });
    const desk = newDesk();
    await db.append('team-o', signer(desk, leaveDraft(desk, 'team-o', 'before')));
    const lost: Error[] = [];
    const stop = await db.listen(() => undefined, (error) => lost.push(error));

    await postgres().stopServer();
    const unreachable = new RegExp(`127\\.0\\.0\\.1:${postgres().port} cannot be reached`);
    for (const attempt of [() => db.ping(), () => db.append('team-o', signer(desk, leaveDraft(desk, 'team-o', 'during')))]) {
      const started = Date.now();
      await expectStoreError(attempt(), 'TEAM_UNREACHABLE', unreachable);
      expect(Date.now() - started).toBeLessThan(connectTimeoutMs + 1000);
    }
    await expect.poll(() => lost.length, { timeout: 3000 }).toBe(1);
    expect(lost[0]).toBeInstanceOf(TeamStoreError);
    expect(lost[0]).toMatchObject({ code: 'TEAM_UNREACHABLE', message: expect.stringMatching(/cannot be reached \(it was shut down\)$/) });
    await stop();

    await postgres().startServer();
    await expect(db.ping()).resolves.toBeUndefined();
    const after = await db.append('team-o', signer(desk, leaveDraft(desk, 'team-o', 'after')));
    expect(after.appended).toBe(true);
    expect(verifyEntries(await db.entriesAfter('team-o', 0), '').map((entry) => entry.status)).toEqual(['valid', 'valid']);
  });
});
