// audit.db's schema. The triggers make "append-only" a property of the file, not a promise of
// the code: any UPDATE or DELETE of an entry aborts. Append migrations; never edit a shipped one.
import type { Migration } from '../../db/migrate';

export const AUDIT_DB_FILE = 'audit.db';

export const AUDIT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'append-only audit entries',
    sql: `
      CREATE TABLE audit_entries (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        at             TEXT NOT NULL,
        profile_id     TEXT NOT NULL,
        profile_name   TEXT NOT NULL,
        os_user        TEXT NOT NULL,
        action         TEXT NOT NULL,
        phase          TEXT NOT NULL,
        correlation_id TEXT NOT NULL,
        currency       TEXT,
        amount         TEXT,
        fee            TEXT,
        address        TEXT,
        network        TEXT,
        outcome        TEXT NOT NULL,
        error          TEXT,
        tx_id          TEXT,
        detail         TEXT,
        prev_hash      TEXT NOT NULL,
        hash           TEXT NOT NULL
      );
      CREATE INDEX audit_entries_at ON audit_entries (at);
      CREATE INDEX audit_entries_correlation ON audit_entries (correlation_id);
      CREATE TRIGGER audit_entries_no_update BEFORE UPDATE ON audit_entries
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
      CREATE TRIGGER audit_entries_no_delete BEFORE DELETE ON audit_entries
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;`,
  },
];
