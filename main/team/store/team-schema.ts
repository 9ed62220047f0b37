// The team store's schema, one numbered migration at a time. Append new ones at the end; never
// edit one that has shipped: every desk of a team may run a different Coffer against one server.
import type { Migration } from '../../db/migrate';

export const TEAM_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'team entries',
    // body is the TEXT of JSON.stringify, not jsonb: jsonb re-spells numbers and drops duplicate
    // keys, and every desk must read back exactly what the writing desk hashed and signed.
    sql: `
      CREATE TABLE team_entries (
        seq        bigserial PRIMARY KEY,
        team_id    text NOT NULL,
        kind       text NOT NULL,
        body       text NOT NULL,
        author     text NOT NULL,
        at         text NOT NULL,
        unique_key text NULL,
        prev_hash  text NOT NULL,
        hash       text NOT NULL,
        signature  text NOT NULL,
        written_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX team_entries_unique_key ON team_entries (team_id, unique_key) WHERE unique_key IS NOT NULL;
      CREATE INDEX team_entries_team_seq ON team_entries (team_id, seq);
    `,
  },
];
