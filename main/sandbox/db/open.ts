// Opens the sandbox database (a file, or ':memory:') and brings its schema up to date.
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';

export type SandboxDb = Database.Database;
export type SandboxStatement = Database.Statement;

/** Above this many distinct SQL texts on one database the cache starts over (dynamic SQL stays bounded). */
const MAX_CACHED_STATEMENTS = 500;
const statements = new WeakMap<SandboxDb, Map<string, SandboxStatement>>();

/**
 * The prepared statement for `sql` on `db`, prepared once and reused: preparing costs more than
 * running the small queries of the hot paths. Keyed by the SQL text, so dynamically built SQL
 * shares a statement per shape. The reset control only wipes rows (the schema stays), so cached
 * statements stay valid; a closed database drops out of the WeakMap with its handle. Callers must
 * not change a cached statement's mode (pluck, raw, expand, safeIntegers): a statement wanted in
 * raw mode (rows as arrays of the selected columns, in order) is its own entry, `raw` true.
 */
export function cachedStatement(db: SandboxDb, sql: string, raw = false): SandboxStatement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  const key = raw ? `raw:${sql}` : sql;
  let statement = cache.get(key);
  if (!statement) {
    statement = db.prepare(sql);
    if (raw) statement.raw(true);
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
    cache.set(key, statement);
  }
  return statement;
}

export function openDatabase(file: string): SandboxDb {
  // The build of better-sqlite3 to load, when it is not the package's own (the app's Electron build).
  const binding = process.env.COFFER_SQLITE_BINDING;
  const db = new Database(file, binding ? { nativeBinding: binding } : {});
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // A migration may rebuild a table others refer to, which SQLite allows only with foreign keys
  // off (they cannot be switched inside the migration's transaction); they are checked after.
  db.pragma('foreign_keys = OFF');
  migrate(db);
  const broken = db.pragma('foreign_key_check') as unknown[];
  if (broken.length > 0) throw new Error(`sandbox database: ${broken.length} rows refer to missing rows after the migrations`);
  db.pragma('foreign_keys = ON');
  return db;
}

function migrate(db: SandboxDb): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] ?? '');
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/** Empties every table (the reset control), keeping the schema. */
export function wipeDatabase(db: SandboxDb): void {
  db.transaction(() => {
    for (const table of ['spot_orders', 'buy_orders', 'transactions', 'white_list', 'addresses', 'balances', 'api_keys', 'accounts', 'meta']) {
      db.exec(`DELETE FROM ${table}`);
    }
  })();
}

export function readMeta(db: SandboxDb, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: SandboxDb, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}
