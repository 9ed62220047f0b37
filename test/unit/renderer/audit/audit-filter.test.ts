import { describe, expect, it } from 'vitest';
import { emptyAuditForm, toAuditFilter, toExportFilter, verificationText } from '../../../../renderer/src/modules/audit/audit-filter';

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
    expect(verificationText({ ok: false, brokenAt: 7, reason: 'hash mismatch' })).toBe('Chain broken at entry #7: hash mismatch');
  });
});
