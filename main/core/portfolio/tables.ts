// The portfolio's own tables, kept in the profile's history store next to the entries they are
// checked against (history/store.ts lists this migration after its own):
// - portfolio_snapshots and portfolio_snapshot_amounts: the balances Coffer read itself, at most
//   one snapshot per UTC day per account ('master' or a sub-account's id), with every currency
//   held (a snapshot of nothing is a row without amounts);
// - portfolio_closes: the service's daily closes of past days in a valuation currency. A past
//   day's close never changes, so each is asked once; close NULL records that the service had
//   none for that day (a day before its price history starts), so it is not asked again either.
import type { Migration } from '../../db/migrate';

export const SNAPSHOTS_TABLE = 'portfolio_snapshots';
export const SNAPSHOT_AMOUNTS_TABLE = 'portfolio_snapshot_amounts';
export const CLOSES_TABLE = 'portfolio_closes';

export const PORTFOLIO_MIGRATION: Migration = {
  version: 3,
  name: 'portfolio snapshots and closes',
  sql: `
    CREATE TABLE ${SNAPSHOTS_TABLE} (
      day      INTEGER NOT NULL,
      account  TEXT NOT NULL,
      taken_ms INTEGER NOT NULL,
      taken_at TEXT NOT NULL,
      PRIMARY KEY (day, account)
    ) WITHOUT ROWID;
    CREATE TABLE ${SNAPSHOT_AMOUNTS_TABLE} (
      day      INTEGER NOT NULL,
      account  TEXT NOT NULL,
      currency TEXT NOT NULL,
      amount   TEXT NOT NULL,
      PRIMARY KEY (day, account, currency)
    ) WITHOUT ROWID;
    CREATE TABLE ${CLOSES_TABLE} (
      quote    TEXT NOT NULL,
      currency TEXT NOT NULL,
      day      INTEGER NOT NULL,
      close    TEXT,
      PRIMARY KEY (quote, currency, day)
    ) WITHOUT ROWID;`,
};
