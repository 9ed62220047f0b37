// A "desk": one Coffer installation's ledger (its own coffer.db and audit.db) with a real client
// on the sandbox's master account. Several desks on one account are several desktops.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { PendingMoveView } from '../../../preload/contract/pending';
import { openAuditLog, type AuditLog } from '../../../main/core/audit/audit-log';
import { PendingLedger } from '../../../main/core/pending/ledger';
import { createPendingStore, type PendingStore } from '../../../main/core/pending/store';
import { openDatabase } from '../../../main/db/database';
import type { RateLimiter } from '../../../main/exchange/limiter';
import type { AuthScheme } from '../../../main/exchange/signing';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { clientFor, type Fixture } from '../exchange/sandbox-fixture';

export const SIGNATURE_WINDOW_MS = 3_000;
export const SETTLE_GRACE_MS = 500;

export interface Desk {
  name: string;
  dir: string;
  ledger: PendingLedger;
  store: PendingStore;
  api: TreasuryApi;
  audit: AuditLog;
  updates: PendingMoveView[];
  /** Closes the desk as a quit app would, leaving its files. */
  close(): void;
}

export interface DeskOptions {
  /** The desk's own key on the master account (default: the master's key). */
  key?: { apiKey: string; secretKey: string };
  scheme?: AuthScheme;
  /** The profile says other desks or scripts use the account. */
  sharedAccount?: boolean;
}

/** When a move with no deadline is looked for again, shortened for tests. */
export const TEST_RECHECK = { firstMs: 1_000, maxGapMs: 1_000 };

export function openDesk(
  fixture: Fixture, name: string, limiter: RateLimiter, dir = mkdtempSync(join(tmpdir(), `coffer-desk-${name}-`)), options: DeskOptions = {},
): Desk {
  const key = options.key ?? fixture.sandbox.master;
  const scheme = options.scheme ?? 'HS256';
  const { api } = clientFor(fixture, {
    timeoutMs: 400,
    settleGraceMs: SETTLE_GRACE_MS,
    limiter,
    credentials: { apiKey: key.apiKey, scheme, windowMs: SIGNATURE_WINDOW_MS, readSecret: async () => key.secretKey },
  });
  const db: Database.Database = openDatabase(dir);
  const audit = openAuditLog(dir, { osUser: name });
  const store = createPendingStore(db);
  const updates: PendingMoveView[] = [];
  const ledger = new PendingLedger({
    store, api, audit, profile: { id: 'desk-profile', name }, pollMs: 150, decisionSettleMs: 2_000,
    sharedAccount: options.sharedAccount === true, requestsExpire: scheme === 'HS256', recheck: TEST_RECHECK,
    notices: { updated: (move) => updates.push(move) },
  });
  ledger.start();
  return {
    name, dir, ledger, store, api, audit, updates,
    close() {
      ledger.close();
      api.close();
      audit.close();
      db.close();
    },
  };
}

/** Waits until the move has left the open states (sending, uncertain). */
export async function settled(desk: Desk, moveId: string, timeoutMs = 15_000): Promise<PendingMoveView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const move = desk.ledger.byId(moveId);
    if (move !== undefined && move.state !== 'sending' && move.state !== 'uncertain') {
      return desk.ledger.list().find((m) => m.id === moveId) ?? (() => { throw new Error('move vanished'); })();
    }
    if (Date.now() > deadline) throw new Error(`move ${moveId} still ${move?.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
