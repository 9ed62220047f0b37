// Numbered schema migrations for one PostgreSQL database, recorded in its schema_migrations table
// (version, name, applied_at), the same way main/db/migrate.ts does it for SQLite: each migration
// runs in its own transaction together with its row, so a failing one leaves the database as it
// was. Several desks may open the store at the same moment: every transaction first takes one
// advisory lock, so a second opener waits for the first and then finds the migration recorded.
import type { Pool, PoolClient } from 'pg';
import { SchemaTooNewError, type Migration } from '../../db/migrate';

/** The advisory lock key of migrations: "Coffer" in ASCII, outside the 32-bit range of the
 *  per-team locks (hashtext), so the two never wait on each other. */
export const MIGRATION_LOCK_KEY = '74145738417522';

/** Applies every migration the database has not recorded, lowest first; returns the versions applied.
 *  Throws SchemaTooNewError (file = the database's name) when a newer Coffer migrated it. */
export async function migratePostgres(pool: Pool, migrations: readonly Migration[], database: string): Promise<number[]> {
  const ordered = inVersionOrder(migrations);
  const knownVersion = ordered.at(-1)?.version ?? 0;
  const client = await pool.connect();
  let failed = false;
  try {
    await inLockedTransaction(client, async () => {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    });
    const highest = Math.max(0, ...(await recordedVersions(client)));
    if (highest > knownVersion) throw new SchemaTooNewError(database, highest, knownVersion);
    const applied: number[] = [];
    for (const migration of ordered) {
      if (await applyOnce(client, migration)) applied.push(migration.version);
    }
    return applied;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A client whose transaction failed half-way is not handed to anyone else.
    client.release(failed);
  }
}

async function applyOnce(client: PoolClient, migration: Migration): Promise<boolean> {
  return inLockedTransaction(client, async () => {
    const seen = await client.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
    if (seen.rowCount !== 0) return false;
    await client.query(migration.sql);
    await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    return true;
  });
}

async function inLockedTransaction<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function recordedVersions(client: PoolClient): Promise<number[]> {
  const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
  return rows.map((row) => row.version);
}

/** The list sorted by version; a version that is not a positive integer or appears twice is a bug. */
function inVersionOrder(migrations: readonly Migration[]): Migration[] {
  const seen = new Set<number>();
  for (const { version } of migrations) {
    if (!Number.isSafeInteger(version) || version < 1) throw new Error(`Migration version ${version} is not a positive integer`);
    if (seen.has(version)) throw new Error(`Migration version ${version} appears twice`);
    seen.add(version);
  }
  return [...migrations].sort((a, b) => a.version - b.version);
}
