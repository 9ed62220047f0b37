import { describe, expect, it } from 'vitest';
import {
  emptyAuditForm,
  progressPercent,
  progressText,
  sizeText,
  toAuditFilter,
  toExportFilter,
  verificationText,
} from '../../../../renderer/src/modules/audit/audit-filter';

describe('audit filter', () => {
  it('pages by 25 and sends only what is set', () => {
    expect(toAuditFilter(emptyAuditForm())).toEqual({ limit: 25, offset: 0 });
    const form = { action: 'commit' as const, text: '  0xabc ', range: [Date.parse('2026-11-01T00:00:00Z'), Date.parse('2026-11-02T00:00:00Z')] as [number, number], page: 3 };
    expect(toAuditFilter(form)).toEqual({
      action: 'commit', text: '0xabc', from: '2026-11-01T00:00:00.000Z', till: '2026-11-02T00:00:00.000Z', limit: 25, offset: 50,
    });
    expect(toExportFilter(form)).toEqual({ action: 'commit', text: '0xabc', from: '2026-11-01T00:00:00.000Z', till: '2026-11-02T00:00:00.000Z' });
  });

  it('words the verification result', () => {
    expect(verificationText({ ok: true, count: 12 })).toBe('Chain intact (12 entries)');
    expect(verificationText({ ok: true, count: 1 })).toBe('Chain intact (1 entry)');
    expect(verificationText({ ok: true, count: 100_000 })).toBe('Chain intact (100,000 entries)');
    expect(verificationText({ ok: false, brokenAt: 7, reason: 'hash mismatch' })).toBe('Chain broken at entry #7: hash mismatch');
  });

  it('words a running task in real counts, and fills the bar only when everything is done', () => {
    expect(progressText({ done: 0, total: null })).toBe('Counting entries…');
    expect(progressText({ done: 42_000, total: 100_000 })).toBe('42,000 of 100,000 entries');
    expect(progressText({ done: 1, total: 1 })).toBe('1 of 1 entry');
    expect(progressPercent({ done: 0, total: null })).toBe(0);
    expect(progressPercent({ done: 99_999, total: 100_000 })).toBe(99);
    expect(progressPercent({ done: 100_000, total: 100_000 })).toBe(100);
    expect(progressPercent({ done: 0, total: 0 })).toBe(100);
  });

  it('words a file size', () => {
    expect(sizeText(24_655_716)).toBe('24.7 MB');
    expect(sizeText(512_300)).toBe('512 KB');
    expect(sizeText(200)).toBe('1 KB');
  });
});
