import { describe, expect, it } from 'vitest';
import type { AuditCsvChunk, AuditExportRequest } from '../../../../preload/contract/audit';
import type { Result } from '../../../../preload/contract/result';
import { auditFileName, collectAuditCsv, type AuditProgress } from '../../../../renderer/src/modules/audit/audit-export';

/** Main's side as the export loop sees it: three chunks, each naming the cursor of the next. */
function threeChunks(asked: AuditExportRequest[]) {
  const chunks: AuditCsvChunk[] = [
    { csv: 'header\r\na\r\n', done: 1, total: 3, next: { afterId: 10, throughId: 30, done: 1, total: 3 } },
    { csv: '', done: 1, total: 3, next: { afterId: 20, throughId: 30, done: 1, total: 3 } },
    { csv: 'b\r\nc\r\n', done: 3, total: 3, next: null },
  ];
  return async (request: AuditExportRequest): Promise<Result<AuditCsvChunk>> => {
    asked.push(request);
    return { ok: true, value: chunks[asked.length - 1]! };
  };
}

describe('collectAuditCsv', () => {
  it('hands back each cursor with the same filter until there is none, reporting progress after each chunk', async () => {
    const asked: AuditExportRequest[] = [];
    const progress: AuditProgress[] = [];
    const result = await collectAuditCsv(threeChunks(asked), { action: 'commit' }, (p) => progress.push(p));
    expect(asked).toEqual([
      { filter: { action: 'commit' } },
      { filter: { action: 'commit' }, cursor: { afterId: 10, throughId: 30, done: 1, total: 3 } },
      { filter: { action: 'commit' }, cursor: { afterId: 20, throughId: 30, done: 1, total: 3 } },
    ]);
    expect(progress).toEqual([{ done: 1, total: 3 }, { done: 1, total: 3 }, { done: 3, total: 3 }]);
    expect(result).toEqual({ ok: true, value: { parts: ['header\r\na\r\n', 'b\r\nc\r\n'], count: 3, length: 17 } });
  });

  it('stops at the first failed chunk and returns its error', async () => {
    let calls = 0;
    const result = await collectAuditCsv(
      async () => (++calls === 1
        ? { ok: true, value: { csv: 'h\r\n', done: 0, total: 5, next: { afterId: 1, throughId: 9, done: 0, total: 5 } } }
        : { ok: false, error: { code: 'INTERNAL', message: 'disk gone' } }),
      {},
      () => {},
    );
    expect(result).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'disk gone' } });
    expect(calls).toBe(2);
  });

  it('names the file by the time the export began, in UTC', () => {
    expect(auditFileName(new Date('2026-11-23T09:41:07.123Z'))).toBe('coffer-audit-2026-11-23-09-41-07.csv');
  });
});
