// The export in bounded chunks and the chain check in slices, against a real audit.db: the
// chunks add up to exactly the one-piece CSV, each chunk stays within its window, an export is
// what matched when it began, and the sliced check reports honest progress.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAuditLog, type AuditLog } from '../../../main/core/audit/audit-log';
import { verifyChainInChunks } from '../../../main/core/audit/chain-check';
import { AUDIT_CSV_HEADER, auditCsvLines } from '../../../main/core/audit/csv';
import { auditExportChunk } from '../../../main/core/audit/export';
import { AUDIT_DB_FILE } from '../../../main/core/audit/schema';
import type { AuditCsvChunk, AuditExportFilter, AuditVerifyProgress } from '../../../preload/contract/audit';
import { sampleEntry } from './seed-audit';

let dir: string;
let log: AuditLog;
let db: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-audit-chunks-'));
  log = openAuditLog(dir, { osUser: 'alice' });
  db = new Database(join(dir, AUDIT_DB_FILE));
});

afterEach(() => {
  db.close();
  log.close();
  rmSync(dir, { recursive: true, force: true });
});

function appendSamples(count: number, from = 0): void {
  for (let i = from; i < from + count; i += 1) log.append(sampleEntry(i));
}

/** Every chunk of one export, as the renderer asks for them. */
function exportAll(filter: AuditExportFilter, window: number): AuditCsvChunk[] {
  const chunks = [auditExportChunk(db, { filter }, window)];
  for (let next = chunks[0]!.next; next !== null; next = chunks.at(-1)!.next) {
    chunks.push(auditExportChunk(db, { filter, cursor: next }, window));
  }
  return chunks;
}

const lineCount = (csv: string) => csv.split('\r\n').length - 1;

describe('export in chunks', () => {
  it('adds up to exactly the one-piece CSV, for any filter, with the header once', () => {
    appendSamples(23);
    for (const filter of [{}, { action: 'commit' }, { text: 'bc1qbench1' }] satisfies AuditExportFilter[]) {
      const chunks = exportAll(filter, 5);
      expect(chunks.map((c) => c.csv).join('')).toBe(AUDIT_CSV_HEADER + auditCsvLines(log.all(filter)));
      expect(chunks[0]!.csv.startsWith(AUDIT_CSV_HEADER)).toBe(true);
      expect(chunks.slice(1).some((c) => c.csv.includes('prev_hash'))).toBe(false);
      const matched = log.all(filter).length;
      expect(chunks.at(-1)).toMatchObject({ done: matched, total: matched, next: null });
    }
  });

  it('covers at most one window of entries per chunk, so a rare match does not scan the whole log at once', () => {
    appendSamples(23);
    const all = exportAll({}, 5);
    expect(all).toHaveLength(5);
    expect(all.map((c) => lineCount(c.csv))).toEqual([6, 5, 5, 5, 3]);
    expect(all.map((c) => c.done)).toEqual([5, 10, 15, 20, 23]);
    const rare = exportAll({ text: 'bc1qbench22' }, 5);
    expect(rare.map((c) => c.next?.afterId ?? null)).toEqual([5, 10, 15, 20, null]);
    expect(rare.map((c) => c.done)).toEqual([0, 0, 0, 0, 1]);
  });

  it('exports what matched when it began: later entries are left for the next export', () => {
    appendSamples(12);
    const first = auditExportChunk(db, { filter: {} }, 5);
    appendSamples(4, 12);
    const rest: AuditCsvChunk[] = [];
    for (let next = first.next; next !== null; next = rest.at(-1)!.next) rest.push(auditExportChunk(db, { filter: {}, cursor: next }, 5));
    expect(lineCount([first, ...rest].map((c) => c.csv).join(''))).toBe(1 + 12);
    expect(rest.at(-1)).toMatchObject({ done: 12, total: 12 });
  });

  it('exports the header alone from an empty log', () => {
    expect(auditExportChunk(db, { filter: {} })).toEqual({ csv: AUDIT_CSV_HEADER, done: 0, total: 0, next: null });
  });
});

describe('chain check in slices', () => {
  it('reports its progress after every slice, ending at done = total', async () => {
    appendSamples(7);
    const progress: AuditVerifyProgress[] = [];
    expect(await verifyChainInChunks(db, (p) => progress.push(p), 3)).toEqual({ ok: true, count: 7 });
    expect(progress).toEqual([
      { done: 0, total: 7 },
      { done: 3, total: 7 },
      { done: 6, total: 7 },
      { done: 7, total: 7 },
    ]);
  });

  it('hands the event loop back between slices', async () => {
    appendSamples(9);
    const seen: string[] = [];
    const checking = verifyChainInChunks(db, (p) => seen.push(`slice ${p.done}`), 3).then(() => seen.push('verdict'));
    setImmediate(() => seen.push('other work'));
    await checking;
    expect(seen.indexOf('other work')).toBeGreaterThan(0);
    expect(seen.indexOf('other work')).toBeLessThan(seen.indexOf('slice 9'));
  });

  it('checks only the entries that existed when it began', async () => {
    appendSamples(4);
    const progress: AuditVerifyProgress[] = [];
    const checking = verifyChainInChunks(db, (p) => progress.push(p), 2);
    appendSamples(3, 4);
    expect(await checking).toEqual({ ok: true, count: 4 });
    expect(progress.at(-1)).toEqual({ done: 4, total: 4 });
  });
});
