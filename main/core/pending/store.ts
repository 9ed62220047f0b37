// The pending_operations table of coffer.db: one row per money move, written before the request
// leaves, and pending_claims: which move each service transaction was attributed to. The claims'
// primary key is what makes "a transaction settles at most one move" hold even across restarts.
import type Database from 'better-sqlite3';
import {
  PENDING_MOVE_KINDS, PENDING_MOVE_STATES, type MoveCandidate, type PendingMoveKind, type PendingMoveState, type SettledBy,
} from '../../../preload/contract/pending';

/** How the fee relates to the amount the user typed: added on top, or included in it. */
export type FeeMode = 'added' | 'included';

export interface PendingMove {
  id: string;
  profileId: string;
  kind: PendingMoveKind;
  currency: string;
  amount: string;
  feeMode: FeeMode | null;
  destination: string | null;
  /** The local withdrawal a prepare is for, or the service id a commit/rollback acts on. */
  subjectId: string | null;
  /** The newest transaction id in the history just before sending; only later ones can be this move. */
  cursorId: string | null;
  sentAtMs: number | null;
  settleByMs: number | null;
  state: PendingMoveState;
  txIds: string[];
  candidates: MoveCandidate[];
  reason: string | null;
  settledBy: SettledBy | null;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  id: string;
  profile_id: string;
  kind: string;
  currency: string;
  amount: string;
  fee_mode: string | null;
  destination: string | null;
  subject_id: string | null;
  cursor_id: string | null;
  sent_at_ms: number | null;
  settle_by_ms: number | null;
  state: string;
  tx_ids: string;
  candidates: string;
  reason: string | null;
  settled_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface PendingStore {
  save(move: PendingMove): void;
  byId(id: string): PendingMove | undefined;
  /** Moves of the profile in any of these states, oldest first. */
  inStates(profileId: string, states: readonly PendingMoveState[]): PendingMove[];
  /** The newest moves of the profile, newest first. */
  recent(profileId: string, limit: number): PendingMove[];
  /** The profile's newest moves of one kind to any of these destinations, newest first. */
  toDestinations(profileId: string, kind: PendingMoveKind, destinations: readonly string[], limit: number): PendingMove[];
  /** Attributes a transaction to a move; false when another move already holds it. */
  claim(profileId: string, txId: string, moveId: string): boolean;
  /** Which of these transaction ids already belong to a move. */
  claimed(profileId: string, txIds: readonly string[]): Set<string>;
  /** Runs fn in one SQLite transaction (a claim and the move's settlement land together). */
  atomically<T>(fn: () => T): T;
}

export function createPendingStore(db: Database.Database): PendingStore {
  const upsert = db.prepare(`INSERT INTO pending_operations VALUES (@id, @profile_id, @kind, @currency, @amount,
      @fee_mode, @destination, @subject_id, @cursor_id, @sent_at_ms, @settle_by_ms, @state, @tx_ids, @candidates,
      @reason, @settled_by, @created_at, @updated_at)
    ON CONFLICT (id) DO UPDATE SET cursor_id = excluded.cursor_id, sent_at_ms = excluded.sent_at_ms,
      settle_by_ms = excluded.settle_by_ms, state = excluded.state, tx_ids = excluded.tx_ids,
      candidates = excluded.candidates, reason = excluded.reason, settled_by = excluded.settled_by,
      updated_at = excluded.updated_at`);
  const byId = db.prepare('SELECT * FROM pending_operations WHERE id = ?');
  const recent = db.prepare('SELECT * FROM pending_operations WHERE profile_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?');
  const claim = db.prepare('INSERT OR IGNORE INTO pending_claims (profile_id, tx_id, operation_id) VALUES (?, ?, ?)');
  const claimedOne = db.prepare('SELECT operation_id FROM pending_claims WHERE profile_id = ? AND tx_id = ?').pluck();
  return {
    save: (move) => void upsert.run(toRow(move)),
    byId: (id) => fromRow(byId.get(id) as Row | undefined),
    inStates: (profileId, states) => {
      if (states.length === 0) return [];
      const sql = `SELECT * FROM pending_operations WHERE profile_id = ? AND state IN (${states.map(() => '?').join(',')}) ORDER BY created_at, rowid`;
      return (db.prepare(sql).all(profileId, ...states) as Row[]).map(fromRow).filter((m) => m !== undefined);
    },
    recent: (profileId, limit) => (recent.all(profileId, limit) as Row[]).map(fromRow).filter((m) => m !== undefined),
    toDestinations: (profileId, kind, destinations, limit) => {
      if (destinations.length === 0) return [];
      const sql = `SELECT * FROM pending_operations WHERE profile_id = ? AND kind = ? AND destination IN (${destinations.map(() => '?').join(',')})
        ORDER BY created_at DESC, rowid DESC LIMIT ?`;
      return (db.prepare(sql).all(profileId, kind, ...destinations, limit) as Row[]).map(fromRow).filter((m) => m !== undefined);
    },
    claim: (profileId, txId, moveId) => {
      if (claim.run(profileId, txId, moveId).changes === 1) return true;
      return claimedOne.get(profileId, txId) === moveId;
    },
    claimed: (profileId, txIds) => new Set(txIds.filter((txId) => claimedOne.get(profileId, txId) !== undefined)),
    atomically: (fn) => db.transaction(fn)(),
  };
}

function toRow(m: PendingMove): Row {
  return {
    id: m.id, profile_id: m.profileId, kind: m.kind, currency: m.currency, amount: m.amount, fee_mode: m.feeMode,
    destination: m.destination, subject_id: m.subjectId, cursor_id: m.cursorId, sent_at_ms: m.sentAtMs,
    settle_by_ms: m.settleByMs, state: m.state, tx_ids: JSON.stringify(m.txIds), candidates: JSON.stringify(m.candidates),
    reason: m.reason, settled_by: m.settledBy, created_at: m.createdAt, updated_at: m.updatedAt,
  };
}

function fromRow(row: Row | undefined): PendingMove | undefined {
  if (row === undefined) return undefined;
  const kind = PENDING_MOVE_KINDS.find((k) => k === row.kind);
  const state = PENDING_MOVE_STATES.find((s) => s === row.state);
  if (kind === undefined || state === undefined) return undefined;
  return {
    id: row.id, profileId: row.profile_id, kind, currency: row.currency, amount: row.amount,
    feeMode: row.fee_mode === 'added' || row.fee_mode === 'included' ? row.fee_mode : null,
    destination: row.destination, subjectId: row.subject_id, cursorId: row.cursor_id, sentAtMs: row.sent_at_ms,
    settleByMs: row.settle_by_ms, state, txIds: parseList<string>(row.tx_ids), candidates: parseList<MoveCandidate>(row.candidates),
    reason: row.reason,
    settledBy: row.settled_by === 'service' || row.settled_by === 'reconciler' || row.settled_by === 'person' ? row.settled_by : null,
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

function parseList<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}
