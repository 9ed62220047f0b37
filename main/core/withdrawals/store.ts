// Local memory of withdrawals in <dataDir>/withdrawals.db: who prepared each one on this desktop,
// the state Coffer last knew, and the ledger's move of a request being checked, so a restart
// shows the true state and resumes checking instead of forgetting (or re-sending).
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { Migration } from '../../db/migrate';
import { openSqlite, type SqliteOptions } from '../../db/sqlite';
import { FINAL_STATES, WITHDRAWAL_STATES, type WithdrawalState } from './state';

export const WITHDRAWALS_DB_FILE = 'withdrawals.db';

export const WITHDRAWALS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'local withdrawals',
    sql: `
      CREATE TABLE withdrawals (
        local_id          TEXT PRIMARY KEY,
        profile_id        TEXT NOT NULL,
        tx_id             TEXT,
        state             TEXT NOT NULL,
        service_status    TEXT,
        currency          TEXT NOT NULL,
        amount            TEXT NOT NULL,
        fee               TEXT,
        network           TEXT,
        address           TEXT NOT NULL,
        payment_id        TEXT,
        public_comment    TEXT,
        include_fee       INTEGER NOT NULL DEFAULT 0,
        prepared_by       TEXT,
        prepared_os_user  TEXT,
        prepared_at       TEXT,
        created_at        TEXT,
        pending_operation TEXT,
        rolled_back_by_us INTEGER NOT NULL DEFAULT 0,
        deadline_notified INTEGER NOT NULL DEFAULT 0,
        error             TEXT,
        updated_at        TEXT NOT NULL
      );
      CREATE UNIQUE INDEX withdrawals_tx ON withdrawals (profile_id, tx_id) WHERE tx_id IS NOT NULL;
      CREATE INDEX withdrawals_state ON withdrawals (profile_id, state);`,
  },
];

export interface LocalWithdrawal {
  localId: string;
  profileId: string;
  txId: string | null;
  state: WithdrawalState;
  serviceStatus: string | null;
  currency: string;
  amount: string;
  fee: string | null;
  network: string | null;
  address: string;
  paymentId: string | null;
  publicComment: string | null;
  includeFee: boolean;
  /** Profile name and OS user that prepared it here; null when first seen on the service. */
  preparedBy: string | null;
  preparedOsUser: string | null;
  preparedAt: string | null;
  /** The service's created_at. */
  createdAt: string | null;
  /** The ledger's move while a request of ours is being checked (an uncertain prepare, or an
   *  approval or rejection whose answer was lost); JSON of the client's PendingOperation in
   *  records from before the ledger. */
  pendingOperation: string | null;
  rolledBackByUs: boolean;
  deadlineNotified: boolean;
  error: string | null;
  updatedAt: string;
}

interface Row {
  local_id: string;
  profile_id: string;
  tx_id: string | null;
  state: string;
  service_status: string | null;
  currency: string;
  amount: string;
  fee: string | null;
  network: string | null;
  address: string;
  payment_id: string | null;
  public_comment: string | null;
  include_fee: number;
  prepared_by: string | null;
  prepared_os_user: string | null;
  prepared_at: string | null;
  created_at: string | null;
  pending_operation: string | null;
  rolled_back_by_us: number;
  deadline_notified: number;
  error: string | null;
  updated_at: string;
}

export interface WithdrawalStore {
  save(withdrawal: LocalWithdrawal): void;
  byLocalId(localId: string): LocalWithdrawal | undefined;
  byTxId(profileId: string, txId: string): LocalWithdrawal | undefined;
  /** Everything of the profile not in a final state (to resume after a restart). */
  unsettled(profileId: string): LocalWithdrawal[];
  /** Only to merge two records of one withdrawal (an uncertain prepare found already adopted). */
  remove(localId: string): void;
  close(): void;
}

export function openWithdrawalStore(dataDir: string, options: SqliteOptions = {}): WithdrawalStore {
  const file = join(dataDir, WITHDRAWALS_DB_FILE);
  return createWithdrawalStore(openSqlite(file, { nativeBinding: options.nativeBinding, migrations: WITHDRAWALS_MIGRATIONS }));
}

export function createWithdrawalStore(db: Database.Database): WithdrawalStore {
  const upsert = db.prepare(`INSERT INTO withdrawals VALUES (@local_id, @profile_id, @tx_id, @state, @service_status,
      @currency, @amount, @fee, @network, @address, @payment_id, @public_comment, @include_fee, @prepared_by,
      @prepared_os_user, @prepared_at, @created_at, @pending_operation, @rolled_back_by_us, @deadline_notified,
      @error, @updated_at)
    ON CONFLICT (local_id) DO UPDATE SET tx_id = excluded.tx_id, state = excluded.state,
      service_status = excluded.service_status, fee = excluded.fee, network = excluded.network,
      created_at = excluded.created_at, pending_operation = excluded.pending_operation,
      rolled_back_by_us = excluded.rolled_back_by_us, deadline_notified = excluded.deadline_notified,
      error = excluded.error, updated_at = excluded.updated_at`);
  const byLocal = db.prepare('SELECT * FROM withdrawals WHERE local_id = ?');
  const byTx = db.prepare('SELECT * FROM withdrawals WHERE profile_id = ? AND tx_id = ?');
  const remove = db.prepare('DELETE FROM withdrawals WHERE local_id = ?');
  const open = db.prepare(
    `SELECT * FROM withdrawals WHERE profile_id = ? AND state NOT IN (${FINAL_STATES.map(() => '?').join(',')}) ORDER BY prepared_at`,
  );
  return {
    save: (withdrawal) => void upsert.run(toRow(withdrawal)),
    byLocalId: (localId) => fromRow(byLocal.get(localId) as Row | undefined),
    byTxId: (profileId, txId) => fromRow(byTx.get(profileId, txId) as Row | undefined),
    unsettled: (profileId) =>
      (open.all(profileId, ...FINAL_STATES) as Row[]).map((row) => fromRow(row)).filter((w) => w !== undefined),
    remove: (localId) => void remove.run(localId),
    close: () => db.close(),
  };
}

function toRow(w: LocalWithdrawal): Row {
  return {
    local_id: w.localId,
    profile_id: w.profileId,
    tx_id: w.txId,
    state: w.state,
    service_status: w.serviceStatus,
    currency: w.currency,
    amount: w.amount,
    fee: w.fee,
    network: w.network,
    address: w.address,
    payment_id: w.paymentId,
    public_comment: w.publicComment,
    include_fee: w.includeFee ? 1 : 0,
    prepared_by: w.preparedBy,
    prepared_os_user: w.preparedOsUser,
    prepared_at: w.preparedAt,
    created_at: w.createdAt,
    pending_operation: w.pendingOperation,
    rolled_back_by_us: w.rolledBackByUs ? 1 : 0,
    deadline_notified: w.deadlineNotified ? 1 : 0,
    error: w.error,
    updated_at: w.updatedAt,
  };
}

function fromRow(row: Row | undefined): LocalWithdrawal | undefined {
  if (row === undefined) return undefined;
  const state = WITHDRAWAL_STATES.find((s) => s === row.state);
  if (state === undefined) return undefined;
  return {
    localId: row.local_id,
    profileId: row.profile_id,
    txId: row.tx_id,
    state,
    serviceStatus: row.service_status,
    currency: row.currency,
    amount: row.amount,
    fee: row.fee,
    network: row.network,
    address: row.address,
    paymentId: row.payment_id,
    publicComment: row.public_comment,
    includeFee: row.include_fee === 1,
    preparedBy: row.prepared_by,
    preparedOsUser: row.prepared_os_user,
    preparedAt: row.prepared_at,
    createdAt: row.created_at,
    pendingOperation: row.pending_operation,
    rolledBackByUs: row.rolled_back_by_us === 1,
    deadlineNotified: row.deadline_notified === 1,
    error: row.error,
    updatedAt: row.updated_at,
  };
}
