import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../preload/contract/audit';
import { AUDIT_CSV_HEADER, auditCsvLines, csvCell } from '../../../main/core/audit/csv';

const entry: AuditEntry = {
  id: 7,
  at: '2026-01-02T03:04:05.000Z',
  profileId: 'p1',
  profileName: 'Treasury, "main"',
  osUser: 'alice',
  action: 'prepare',
  phase: 'result',
  correlationId: 'c-1',
  currency: 'BTC',
  amount: '0.10000000',
  fee: '0.0005',
  address: '=HYPERLINK("http://evil")',
  network: 'BTC',
  outcome: 'error',
  error: 'line one\nline two',
  txId: null,
  detail: '@SUM(A1)',
  prevHash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
};

describe('csvCell', () => {
  it('leaves plain text alone and writes null as an empty cell', () => {
    expect(csvCell('BTC')).toBe('BTC');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('prefixes cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
  });
});

describe('audit CSV lines', () => {
  it('writes a header and one CRLF-terminated line per entry, amounts exactly as stored', () => {
    const csv = AUDIT_CSV_HEADER + auditCsvLines([entry]);
    const [header, line, end] = csv.split('\r\n');
    expect(header).toBe(
      'id,time_utc,profile_id,profile,os_user,action,phase,outcome,currency,amount,fee,address,network,transaction_id,error,detail,correlation_id,prev_hash,hash',
    );
    expect(line).toBe(
      `7,2026-01-02T03:04:05.000Z,p1,"Treasury, ""main""",alice,prepare,result,error,BTC,0.10000000,0.0005,` +
        `"'=HYPERLINK(""http://evil"")",BTC,,"line one\nline two",'@SUM(A1),c-1,${'a'.repeat(64)},${'b'.repeat(64)}`,
    );
    expect(end).toBe('');
  });

  it('writes nothing for no entries, so chunks concatenate into one file', () => {
    expect(auditCsvLines([])).toBe('');
    expect(auditCsvLines([entry, { ...entry, id: 8 }])).toBe(auditCsvLines([entry]) + auditCsvLines([{ ...entry, id: 8 }]));
    expect(AUDIT_CSV_HEADER.endsWith('hash\r\n')).toBe(true);
  });
});
