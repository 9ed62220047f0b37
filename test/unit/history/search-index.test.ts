// The text filter's index: a store written before it is indexed once as it is opened, a rewritten
// row's old text is no longer found, and a search made before a write sees that write after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../preload/contract/history';
import { openSqlite } from '../../../main/db/sqlite';
import { INSERT_ENTRY_SQL, ridOf, rowOf, searchTextOf } from '../../../main/core/history/rows';
import { SEARCH_INDEX_MIGRATION, SEARCH_TABLE } from '../../../main/core/history/schema';
import { HISTORY_STORE_MIGRATIONS, openHistoryStore } from '../../../main/core/history/store';
import { historyStoreFile } from '../../../main/core/history/store-file';
import { historyRows } from '../../support/history-rows';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'coffer-history-search-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const matching = (rows: readonly HistoryEntry[], text: string) => rows.filter((row) => searchTextOf(row).includes(text.toLowerCase())).length;

describe('history search index', () => {
  it('indexes a store written by an earlier version once, as it is opened', () => {
    const rows = historyRows(300);
    const earlier = HISTORY_STORE_MIGRATIONS.filter((migration) => migration.version < SEARCH_INDEX_MIGRATION.version);
    const old = openSqlite(historyStoreFile(dataDir, 'p1'), { migrations: earlier });
    const insertEntry = old.prepare(INSERT_ENTRY_SQL);
    const insertText = old.prepare('INSERT INTO history_search (rid, search) VALUES (?, ?)');
    old.transaction(() => {
      for (const row of rows) {
        const rid = ridOf(old, row);
        insertEntry.run(rowOf(rid, row).values);
        insertText.run(rid, searchTextOf(row));
      }
    })();
    old.close();

    const store = openHistoryStore(dataDir, 'p1');
    const texts = ['payroll', 'the "big"', rows[7]?.id ?? '', (rows.find((row) => row.address !== null)?.address ?? '').slice(4, 14), 'e', 'zz'];
    expect(texts.every((text) => text.length > 0)).toBe(true);
    for (const text of texts) {
      const expected = matching(rows, text);
      expect(store.query.count({ text }), text).toBe(expected);
    }
    expect(matching(rows, 'payroll')).toBeGreaterThan(0);
    store.close();
    const db = openSqlite(historyStoreFile(dataDir, 'p1'), { migrations: HISTORY_STORE_MIGRATIONS });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'history_search'").get()).toBeUndefined();
    expect(db.prepare(`SELECT COUNT(*) FROM ${SEARCH_TABLE}`).pluck().get()).toBe(rows.length);
    db.close();
  });

  it('forgets a rewritten row\'s old text and finds rows written after a search', () => {
    const [first, second] = historyRows(2) as [HistoryEntry, HistoryEntry];
    const store = openHistoryStore(dataDir, 'p1');
    store.writePage([{ ...first, comment: 'alpha invoice' }], {});
    expect(store.query.count({ text: 'ALPHA' })).toBe(1);
    store.writePage([{ ...first, comment: 'bravo invoice', updatedAt: new Date(Date.parse(first.updatedAt) + 1_000).toISOString() }], {});
    expect(store.query.count({ text: 'alpha' })).toBe(0);
    expect(store.query.count({ text: 'bravo' })).toBe(1);
    expect(store.query.count({ text: 'invoice' })).toBe(1);
    store.writePage([{ ...second, comment: 'charlie invoice' }], {});
    expect(store.query.count({ text: 'invoice' })).toBe(2);
    expect(store.query.summary({ text: 'invoice' }).total).toBe(2);
    expect(store.query.rows({ filter: { text: 'invoice' }, offset: 0, limit: 10 }).rows.map((row) => row.comment).sort()).toEqual(['bravo invoice', 'charlie invoice']);
    store.close();
    const db = openSqlite(historyStoreFile(dataDir, 'p1'), { migrations: HISTORY_STORE_MIGRATIONS });
    // The index agrees with the texts it holds (FTS5 checks every row's trigrams).
    expect(() => db.exec(`INSERT INTO ${SEARCH_TABLE} (${SEARCH_TABLE}) VALUES ('integrity-check')`)).not.toThrow();
    db.close();
  });
});
