// Walks the hash chain oldest first, a slice at a time, and stops at the first entry that does
// not link. The walk ends at the newest entry when it began (later entries are the next check's);
// verify() runs it in one go, verifyInChunks() hands the event loop back between slices.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import type { AuditVerification, AuditVerifyProgress } from '../../../preload/contract/audit';
import { GENESIS_HASH, linkProblem } from './chain';
import { storedEntryFromRow, type AuditRow } from './rows';

export const VERIFY_CHUNK = 1000;

export interface ChainCheck {
  readonly total: number;
  readonly done: number;
  /** Checks up to `limit` more entries; the verdict once there is one, else null. */
  step(limit: number): AuditVerification | null;
}

export function startChainCheck(db: Database.Database): ChainCheck {
  const throughId = Number(db.prepare('SELECT COALESCE(MAX(id), 0) FROM audit_entries').pluck().get());
  const total = Number(db.prepare('SELECT COUNT(*) FROM audit_entries WHERE id <= ?').pluck().get(throughId));
  const slice = db.prepare('SELECT * FROM audit_entries WHERE id > ? AND id <= ? ORDER BY id ASC LIMIT ?');
  let afterId = 0;
  let expectedPrev = GENESIS_HASH;
  let done = 0;
  return {
    total,
    get done() {
      return done;
    },
    step(limit) {
      const rows = slice.all(afterId, throughId, limit) as AuditRow[];
      for (const row of rows) {
        const entry = storedEntryFromRow(row);
        const problem = linkProblem(entry, expectedPrev);
        if (problem !== null) return { ok: false, brokenAt: entry.id, reason: problem };
        expectedPrev = entry.hash;
        afterId = entry.id;
        done += 1;
      }
      return rows.length < limit ? { ok: true, count: done } : null;
    },
  };
}

/** The whole chain at once: for tests and tools, which may block. */
export function verifyChain(db: Database.Database): AuditVerification {
  const check = startChainCheck(db);
  for (;;) {
    const verdict = check.step(VERIFY_CHUNK);
    if (verdict !== null) return verdict;
  }
}

/** The whole chain, VERIFY_CHUNK entries per turn of the event loop, reporting progress after each. */
export async function verifyChainInChunks(
  db: Database.Database,
  onProgress: (progress: AuditVerifyProgress) => void = () => {},
  chunk = VERIFY_CHUNK,
): Promise<AuditVerification> {
  const check = startChainCheck(db);
  onProgress({ done: 0, total: check.total });
  for (;;) {
    const verdict = check.step(chunk);
    if (verdict !== null) {
      if (verdict.ok) onProgress({ done: check.done, total: check.total });
      return verdict;
    }
    onProgress({ done: check.done, total: check.total });
    await nextTurn();
  }
}
