import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAuditLog, type AuditLog } from '../../../main/core/audit/audit-log';
import { audited, type AuditSubject } from '../../../main/core/audit/audited';

let dir: string;
let log: AuditLog;
const subject: AuditSubject = {
  profileId: 'p1',
  profileName: 'Treasury',
  action: 'commit',
  currency: 'BTC',
  amount: '1.5',
  address: 'bc1q',
  network: 'BTC',
  txId: 'tx-1',
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-audited-'));
  log = openAuditLog(dir, { osUser: 'alice' });
});
afterEach(() => {
  log.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('audited', () => {
  it('writes the attempt before the call runs and the result after, under one correlation id', async () => {
    let seenDuringCall = -1;
    const value = await audited(log, subject, {
      run: async () => {
        seenDuringCall = log.list().total;
        return { id: 'tx-1' };
      },
      settled: (result) => ({ outcome: 'ok', txId: result.id }),
    });
    expect(value).toEqual({ id: 'tx-1' });
    expect(seenDuringCall).toBe(1);
    const [attempt, result] = log.all();
    expect(attempt).toMatchObject({ phase: 'attempt', outcome: 'sent', amount: '1.5', txId: 'tx-1' });
    expect(result).toMatchObject({ phase: 'result', outcome: 'ok', txId: 'tx-1' });
    expect(result?.correlationId).toBe(attempt?.correlationId);
  });

  it('records a thrown error as the result and rethrows it', async () => {
    const call = audited(log, subject, {
      run: async () => {
        throw new Error('Insufficient funds (20001)');
      },
      settled: () => ({ outcome: 'ok' }),
    });
    await expect(call).rejects.toThrow('Insufficient funds');
    expect(log.all().map((e) => [e.phase, e.outcome, e.error])).toEqual([
      ['attempt', 'sent', null],
      ['result', 'error', 'Insufficient funds (20001)'],
    ]);
  });

  it('records an uncertain outcome returned as data', async () => {
    await audited(log, { ...subject, action: 'prepare', txId: null }, {
      run: async () => ({ kind: 'uncertain' as const }),
      settled: () => ({ outcome: 'uncertain', error: 'timed out; checking' }),
    });
    expect(log.all()[1]).toMatchObject({ outcome: 'uncertain', txId: null, error: 'timed out; checking' });
    expect(log.verify()).toEqual({ ok: true, count: 2 });
  });
});
