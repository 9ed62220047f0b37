// Fills an audit.db with many chained entries quickly, for tests and the bench: the app's own
// append (same hashing, same chain), all inside one transaction instead of one per entry.
import { join } from 'node:path';
import { createAuditLog, type AuditAppend } from '../../../main/core/audit/audit-log';
import { AUDIT_DB_FILE, AUDIT_MIGRATIONS } from '../../../main/core/audit/schema';
import { openSqlite } from '../../../main/db/sqlite';

/** A withdrawal-like pair per two entries: an attempt, then its settled result. */
export function sampleEntry(i: number): AuditAppend {
  const attempt = i % 2 === 0;
  return {
    profileId: 'p1',
    profileName: 'Treasury',
    action: attempt ? 'prepare' : 'commit',
    phase: attempt ? 'attempt' : 'result',
    correlationId: `c-${i >> 1}`,
    outcome: attempt ? 'sent' : 'ok',
    currency: 'BTC',
    amount: `0.${String(i).padStart(8, '0')}`,
    address: `bc1qbench${i}`,
    network: 'BTC',
    txId: attempt ? null : String(100_000 + i),
  };
}

/** Appends `count` entries to <dataDir>/audit.db (created if missing), continuing its chain. */
export function seedAuditLog(dataDir: string, count: number, entry: (i: number) => AuditAppend = sampleEntry): void {
  const db = openSqlite(join(dataDir, AUDIT_DB_FILE), { migrations: AUDIT_MIGRATIONS });
  try {
    const log = createAuditLog(db, { osUser: 'seed' });
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) log.append(entry(i));
    })();
  } finally {
    db.close();
  }
}
