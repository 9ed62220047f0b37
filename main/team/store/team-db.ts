// The team store's PostgreSQL adapter: a small pool, the schema's migrations, the append-only
// entry log and its LISTEN/NOTIFY channel. Appends to one team are serialised by an advisory lock,
// so each entry links to the one stored just before it and the chain stays a line.
import { isIP } from 'node:net';
import type { ClientConfig, Pool, PoolClient } from 'pg';
import type { EntryDraft, EntryKind, StoredEntry } from '../entries';
import { pgDriver } from './pg-driver';
import { migratePostgres } from './pg-migrate';
import { TEAM_MIGRATIONS } from './team-schema';
import { storeErrorFrom, type StoreTimeouts } from './team-store-error';
import type { TeamServer } from './team-url';

export { TeamStoreError, type TeamStoreErrorCode } from './team-store-error';

export interface SignedDraft {
  draft: EntryDraft;
  hash: string;
  signature: string;
}

export type AppendResult = { appended: true; entry: StoredEntry } | { appended: false; existing: StoredEntry };

export interface TeamDbOptions {
  /** How long the server may work on one statement (default 5000). */
  statementTimeoutMs?: number;
  /** How long to wait for a connection (default 3000). */
  connectTimeoutMs?: number;
  /** Connections kept open at most (default 4). */
  poolSize?: number;
  /** PEM of the authority that signed the server's certificate, for a team whose server has a
   *  certificate of its own CA; default: the public authorities Node trusts. */
  ca?: string;
}

export interface TeamDb {
  /** Brings the schema up to date; returns the versions applied. */
  migrate(): Promise<number[]>;
  ping(): Promise<void>;
  /** Under a per-team lock in one transaction: reads the team's newest entry's hash ('' if none),
   *  calls sign(prevHash), inserts, and notifies coffer_team '<teamId> <seq>'. When the draft's
   *  uniqueKey is already held in that team, nothing is inserted and the existing entry comes back. */
  append(teamId: string, sign: (prevHash: string) => SignedDraft): Promise<AppendResult>;
  /** The team's entries with seq > afterSeq in seq order (at most limit, default 5000). */
  entriesAfter(teamId: string, afterSeq: number, limit?: number): Promise<StoredEntry[]>;
  /** The team's entries with the given seqs as stored now, in seq order (missing ones left out). */
  entriesBySeq(teamId: string, seqs: readonly number[]): Promise<StoredEntry[]>;
  /** The stored hash of the entry just before seq (for verifying a page), '' when none. */
  hashBefore(teamId: string, seq: number): Promise<string>;
  /** Teams on the server: the team_id and body.name of each team's first 'team.created' entry. */
  teams(): Promise<{ teamId: string; name: string }[]>;
  /** A dedicated connection LISTENing on coffer_team: onEntry per notification, onLost once (with a
   *  TeamStoreError) when the connection drops; the caller reconnects. Resolves to its stop function. */
  listen(onEntry: (teamId: string, seq: number) => void, onLost: (error: Error) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const NOTIFY_CHANNEL = 'coffer_team';
const DEFAULT_PAGE = 5000;
const ENTRY_COLUMNS = 'seq, team_id, kind, body, author, at, unique_key, prev_hash, hash, signature';

interface EntryRow {
  seq: string;
  team_id: string;
  kind: string;
  body: string;
  author: string;
  at: string;
  unique_key: string | null;
  prev_hash: string;
  hash: string;
  signature: string;
}

/** An error thrown by the caller's sign function: its own, never dressed as a store failure. */
class SignFailure {
  constructor(readonly error: unknown) {}
}

export function openTeamDb(server: TeamServer, password: string | null, options: TeamDbOptions = {}): TeamDb {
  const timeouts: StoreTimeouts = {
    statementTimeoutMs: options.statementTimeoutMs ?? 5000,
    connectTimeoutMs: options.connectTimeoutMs ?? 3000,
  };
  const config = clientConfig(server, password, timeouts, options.ca);
  const pool = new (pgDriver().Pool)({ ...config, max: options.poolSize ?? 4 });
  // An idle connection the server dropped is discarded by the pool; the next call reconnects or
  // reports why it cannot, so the event itself needs no handling beyond not crashing.
  pool.on('error', () => undefined);
  const listeners = new Set<() => Promise<void>>();
  let closing: Promise<void> | null = null;

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof SignFailure) throw error.error;
      throw storeErrorFrom(error, server, timeouts);
    }
  }

  async function withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    // A checked-out connection has no listener of its own: one dropped between two statements
    // would otherwise be an uncaught 'error' event. The failed statement reports it instead.
    const ignore = (): void => undefined;
    client.on('error', ignore);
    let broken = false;
    try {
      return await work(client);
    } catch (error) {
      broken = !(error instanceof SignFailure);
      throw error;
    } finally {
      client.off('error', ignore);
      client.release(broken);
    }
  }

  return {
    migrate: () => guarded(() => migratePostgres(pool, TEAM_MIGRATIONS, server.database)),
    ping: () => guarded(async () => void (await pool.query('SELECT 1'))),
    append: (teamId, sign) => guarded(() => withClient((client) => appendLocked(client, teamId, sign))),
    entriesAfter: (teamId, afterSeq, limit = DEFAULT_PAGE) =>
      guarded(async () => {
        const { rows } = await pool.query<EntryRow>(
          `SELECT ${ENTRY_COLUMNS} FROM team_entries WHERE team_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
          [teamId, afterSeq, limit],
        );
        return rows.map(entryFromRow);
      }),
    entriesBySeq: (teamId, seqs) =>
      guarded(async () => {
        const { rows } = await pool.query<EntryRow>(
          `SELECT ${ENTRY_COLUMNS} FROM team_entries WHERE team_id = $1 AND seq = ANY($2::bigint[]) ORDER BY seq`,
          [teamId, [...seqs]],
        );
        return rows.map(entryFromRow);
      }),
    hashBefore: (teamId, seq) =>
      guarded(async () => {
        const { rows } = await pool.query<{ hash: string }>(
          'SELECT hash FROM team_entries WHERE team_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT 1',
          [teamId, seq],
        );
        return rows[0]?.hash ?? '';
      }),
    teams: () => guarded(() => teamsOn(pool)),
    listen: (onEntry, onLost) =>
      guarded(async () => {
        const stop = await listenOn(config, onEntry, (error) => onLost(storeErrorFrom(error, server, timeouts)));
        const stopOnce = async (): Promise<void> => {
          listeners.delete(stopOnce);
          await stop();
        };
        listeners.add(stopOnce);
        return stopOnce;
      }),
    // Once, whoever asks: the listeners stop with the pool.
    close: () => {
      closing ??= guarded(async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      });
      return closing;
    },
  };
}

function clientConfig(server: TeamServer, password: string | null, timeouts: StoreTimeouts, ca: string | undefined): ClientConfig {
  return {
    host: server.host,
    port: server.port,
    database: server.database,
    user: server.user,
    // A function, so the driver never falls back to PGPASSWORD or ~/.pgpass, and the password is
    // held in this closure rather than in a config object that could be logged. The driver takes
    // undefined as "no password" (its types say otherwise), and says so when the server asks.
    password: (() => password ?? undefined) as () => string,
    ssl: sslOption(server, ca),
    application_name: 'coffer',
    statement_timeout: timeouts.statementTimeoutMs,
    // The server cancels a slow statement itself; this only catches a server that went silent
    // (a dropped network), a little later so the server's own answer wins when it can give one.
    query_timeout: timeouts.statementTimeoutMs + 2000,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    // A dropped network shows within seconds even on a connection that only listens.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/** TLS as the URL's sslmode asks; always explicit so the driver never reads PGSSLMODE. Modes other
 *  than verify-full only pass parseTeamUrl for a server on this machine. */
function sslOption(server: TeamServer, ca: string | undefined): ClientConfig['ssl'] {
  const authority = ca === undefined ? {} : { ca };
  switch (server.sslmode) {
    case 'verify-full':
      // The name is checked against the certificate; an IP address is checked too, but may not be
      // sent as the TLS server name (RFC 6066), so the driver checks it against the host instead.
      return { rejectUnauthorized: true, ...authority, ...(isIP(server.host) === 0 ? { servername: server.host } : {}) };
    case 'verify-ca':
      return { rejectUnauthorized: true, ...authority, checkServerIdentity: () => undefined };
    case 'require':
      return { rejectUnauthorized: false };
    default:
      return false;
  }
}

async function appendLocked(client: PoolClient, teamId: string, sign: (prevHash: string) => SignedDraft): Promise<AppendResult> {
  await client.query('BEGIN');
  try {
    const result = await appendInTransaction(client, teamId, sign);
    await client.query(result.appended ? 'COMMIT' : 'ROLLBACK');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function appendInTransaction(client: PoolClient, teamId: string, sign: (prevHash: string) => SignedDraft): Promise<AppendResult> {
  // Held until the transaction ends: the next append of this team reads this one's hash.
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [teamId]);
  const newest = await client.query<{ hash: string }>(
    'SELECT hash FROM team_entries WHERE team_id = $1 ORDER BY seq DESC LIMIT 1',
    [teamId],
  );
  const prevHash = newest.rows[0]?.hash ?? '';
  const signed = callSign(sign, prevHash, teamId);
  const { draft } = signed;
  if (draft.uniqueKey !== null) {
    const held = await client.query<EntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM team_entries WHERE team_id = $1 AND unique_key = $2`,
      [teamId, draft.uniqueKey],
    );
    if (held.rows[0] !== undefined) return { appended: false, existing: entryFromRow(held.rows[0]) };
  }
  const inserted = await client.query<{ seq: string }>(
    `INSERT INTO team_entries (team_id, kind, body, author, at, unique_key, prev_hash, hash, signature)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING seq`,
    [teamId, draft.kind, JSON.stringify(draft.body), draft.author, draft.at, draft.uniqueKey, prevHash, signed.hash, signed.signature],
  );
  const seq = seqNumber(inserted.rows[0]?.seq ?? '');
  await client.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, `${teamId} ${seq}`]);
  return { appended: true, entry: { ...draft, seq, prevHash, hash: signed.hash, signature: signed.signature } };
}

function callSign(sign: (prevHash: string) => SignedDraft, prevHash: string, teamId: string): SignedDraft {
  let signed: SignedDraft;
  try {
    signed = sign(prevHash);
  } catch (error) {
    throw new SignFailure(error);
  }
  if (signed.draft.teamId !== teamId) {
    throw new SignFailure(new Error(`An entry of team ${signed.draft.teamId} was appended to team ${teamId}`));
  }
  return signed;
}

async function teamsOn(pool: Pool): Promise<{ teamId: string; name: string }[]> {
  const { rows } = await pool.query<{ team_id: string; body: string }>(
    `SELECT DISTINCT ON (team_id) team_id, body FROM team_entries WHERE kind = 'team.created' ORDER BY team_id, seq`,
  );
  return rows.map((row) => {
    const body = parsedBody(row.body) as { name?: unknown } | null;
    return { teamId: row.team_id, name: typeof body?.name === 'string' ? body.name : '' };
  });
}

async function listenOn(
  config: ClientConfig,
  onEntry: (teamId: string, seq: number) => void,
  onLost: (error: Error) => void,
): Promise<() => Promise<void>> {
  const client = new (pgDriver().Client)(config);
  let stopped = false;
  const lost = (error: Error): void => {
    if (stopped) return;
    stopped = true;
    onLost(error);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('Connection terminated')));
  client.on('notification', ({ channel, payload }) => {
    const at = payload?.lastIndexOf(' ') ?? -1;
    if (channel !== NOTIFY_CHANNEL || payload === undefined || at < 0) return;
    const seq = Number(payload.slice(at + 1));
    if (Number.isSafeInteger(seq)) onEntry(payload.slice(0, at), seq);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
  } catch (error) {
    stopped = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return async () => {
    stopped = true;
    await client.end().catch(() => undefined);
  };
}

function entryFromRow(row: EntryRow): StoredEntry {
  return {
    seq: seqNumber(row.seq),
    teamId: row.team_id,
    kind: row.kind as EntryKind,
    body: parsedBody(row.body) as StoredEntry['body'],
    author: row.author,
    at: row.at,
    uniqueKey: row.unique_key,
    prevHash: row.prev_hash,
    hash: row.hash,
    signature: row.signature,
  };
}

/** The stored body; a row whose body is not JSON keeps its text, so verification marks that one
 *  entry tampered (its hash no longer matches) instead of the whole read failing. */
function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function seqNumber(text: string): number {
  const seq = Number(text);
  if (!Number.isSafeInteger(seq) || seq < 1) throw new Error(`The store gave an entry the sequence number "${text}"`);
  return seq;
}
