// A profile's history store: its one file under <dataDir>/history/, cursors that move only with
// the rows they cover (a page that cannot be written leaves both as they were), and a store that
// cannot be opened leaving the profile without history rather than without its other work.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../preload/contract/history';
import { CheckoutLinks } from '../../../main/core/buycrypto/checkout-links';
import { openHistoryService } from '../../../main/core/history/service';
import { openHistoryStore } from '../../../main/core/history/store';
import { historyStoreFile } from '../../../main/core/history/store-file';
import { historyRows } from '../../support/history-rows';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'coffer-history-store-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('history store', () => {
  it('lives in <dataDir>/history/<profileId>.db, one file per profile whatever the id holds', () => {
    expect(historyStoreFile('/data', 'a1b2-c3')).toBe(join('/data', 'history', 'a1b2-c3.db'));
    expect(historyStoreFile('/data', '../x')).toBe(join('/data', 'history', '_2E_2E_2Fx.db'));
    const store = openHistoryStore(dataDir, 'p1');
    expect(store.path).toBe(historyStoreFile(dataDir, 'p1'));
    store.close();
  });

  it('moves the cursors with their page, and neither when the page cannot be written', () => {
    const rows = historyRows(20);
    const store = openHistoryStore(dataDir, 'p1');
    expect(store.cursors()).toEqual({
      initialDone: false, idCursor: null, watermark: null, spanOldestMs: null, spanNewestMs: null, syncedAt: null, tradeCursor: null, tradesDone: false,
    });
    store.writePage(rows.slice(0, 10), { idCursor: rows[9]?.id, spanOldestMs: 5 });
    const bad: HistoryEntry = { ...(rows[10] as HistoryEntry), amount: 'ten' };
    expect(() => store.writePage([...rows.slice(10, 15), bad], { idCursor: rows[15]?.id })).toThrow(/amount/);
    expect(store.cursors()).toMatchObject({ idCursor: rows[9]?.id, spanOldestMs: 5 });
    expect(store.stored()).toBe(10);
    store.close();
    // And so after a restart.
    const again = openHistoryStore(dataDir, 'p1');
    expect(again.cursors().idCursor).toBe(rows[9]?.id);
    expect(again.stored()).toBe(10);
    again.close();
  });

  it('leaves a profile without history when its store was written by a newer Coffer, saying why in the log', () => {
    const file = historyStoreFile(dataDir, 'p1');
    mkdirSync(join(dataDir, 'history'), { recursive: true });
    const db = new Database(file);
    db.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL); INSERT INTO schema_migrations VALUES (99, 'future', 'now')");
    db.close();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const service = openHistoryService({
      dataDir, profileId: 'p1', api: {} as never, currencies: async () => [], links: new CheckoutLinks(),
      notices: { progress: () => undefined, changed: () => undefined },
    });
    expect(service).toBeNull();
    expect(log.mock.calls[0]?.[0]).toMatch(/history store of profile p1 could not be opened: .*newer Coffer/);
    log.mockRestore();
  });
});
