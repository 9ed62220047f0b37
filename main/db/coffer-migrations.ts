// coffer.db's migrations: profiles and settings (main/db), pending money moves (core/pending/store.ts).
// One numbered list per file, run by ./migrate; append new ones, never edit one that has shipped.
import type { Migration } from './migrate';

export const COFFER_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'profiles and settings',
    sql: `
      CREATE TABLE profiles (
        id          TEXT PRIMARY KEY,
        name        TEXT NOT NULL,
        api_version TEXT NOT NULL,
        rest_url    TEXT NOT NULL,
        stream_url  TEXT NOT NULL,
        auth_method TEXT NOT NULL,
        public_key  TEXT NOT NULL,
        has_secret  INTEGER NOT NULL DEFAULT 0,
        built_in    INTEGER NOT NULL DEFAULT 0,
        rights      TEXT,
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL
      );
      CREATE UNIQUE INDEX profiles_name ON profiles (name COLLATE NOCASE);
      CREATE UNIQUE INDEX profiles_single_built_in ON profiles (built_in) WHERE built_in = 1;
      CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );`,
  },
  {
    version: 2,
    name: 'pending money moves',
    sql: `
      CREATE TABLE pending_operations (
        id            TEXT PRIMARY KEY,
        profile_id    TEXT NOT NULL,
        kind          TEXT NOT NULL,
        currency      TEXT NOT NULL,
        amount        TEXT NOT NULL,
        fee_mode      TEXT,
        destination   TEXT,
        subject_id    TEXT,
        cursor_id     TEXT,
        sent_at_ms    INTEGER,
        settle_by_ms  INTEGER,
        state         TEXT NOT NULL,
        tx_ids        TEXT NOT NULL DEFAULT '[]',
        candidates    TEXT NOT NULL DEFAULT '[]',
        reason        TEXT,
        settled_by    TEXT,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );
      CREATE INDEX pending_operations_state ON pending_operations (profile_id, state);
      CREATE TABLE pending_claims (
        profile_id   TEXT NOT NULL,
        tx_id        TEXT NOT NULL,
        operation_id TEXT NOT NULL REFERENCES pending_operations (id),
        PRIMARY KEY (profile_id, tx_id)
      );`,
  },
  {
    // 0 for every profile stored before: one desk per account, settled as it always was.
    version: 3,
    name: 'profiles say whether other desks use the account',
    sql: 'ALTER TABLE profiles ADD COLUMN shared_account INTEGER NOT NULL DEFAULT 0 CHECK (shared_account IN (0, 1))',
  },
];
