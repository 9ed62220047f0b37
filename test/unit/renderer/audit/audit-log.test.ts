// useAudit: a slower answer for an older filter never replaces the newer one; verify and export
// run one at a time, verify showing main's progress; the list follows the ledger's settlements,
// reloading once a moment after the last of a burst.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditPage, PendingMoveView } from '../../../../preload/contract';
import { fail, ok, type Result } from '../../../../preload/contract/result';
import { emptyAuditForm } from '../../../../renderer/src/modules/audit/audit-filter';
import { useAudit, useAuditFollowsLedger } from '../../../../renderer/src/modules/audit/use-audit';
import { fakeBridge, withSetup } from '../fake-bridge';

const entry = (id: number): AuditEntry => ({
  id, at: '2026-11-23T09:00:00.000Z', profileId: 'p1', profileName: 'Sandbox', osUser: 'ana', action: 'transfer', phase: 'result',
  correlationId: `c${id}`, currency: 'USDT', amount: '1', fee: null, address: null, network: null, outcome: 'ok', error: null,
  txId: null, detail: null, prevHash: '0', hash: String(id),
});

const moveIn = (state: PendingMoveView['state']): PendingMoveView => ({
  id: 'm1', profileId: 'p1', kind: 'transfer', currency: 'USDT', amount: '1', destination: null, state, txIds: [], candidates: [],
  reason: null, settledBy: null, settleBy: null, mayRunLate: false, createdAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z',
});

afterEach(() => vi.useRealTimers());

describe('useAudit', () => {
  it('keeps the answer of the latest filter, even when an older one answers last', async () => {
    const answers: Record<string, (answer: Result<AuditPage>) => void> = {};
    const fake = fakeBridge({ listAudit: (filter) => new Promise((resolve) => (answers[filter.text ?? ''] = resolve)) });
    const { result: audit } = withSetup(fake.bridge, () => useAudit());
    const older = audit.load({ ...emptyAuditForm(), text: 'old' });
    const newer = audit.load({ ...emptyAuditForm(), text: 'new' });
    answers.new?.(ok({ entries: [entry(2)], total: 1 }));
    await newer;
    answers.old?.(fail('NETWORK', 'too late'));
    await older;
    expect(audit.entries.value.map((e) => e.id)).toEqual([2]);
    expect(audit.error.value).toBeNull();
    expect(audit.loading.value).toBe(false);
  });

  it('shows verify progress from main, refuses an export meanwhile, and frees the task after', async () => {
    let finish: (answer: Result<{ ok: true; count: number }>) => void = () => undefined;
    const fake = fakeBridge({ verifyAudit: () => new Promise((resolve) => (finish = resolve)) });
    const { result: audit } = withSetup(fake.bridge, () => useAudit());
    const verifying = audit.verify();
    expect(audit.task.value).toEqual({ kind: 'verify', done: 0, total: null });
    fake.emit('auditVerifyProgress', { done: 40, total: 100 });
    expect(audit.task.value).toEqual({ kind: 'verify', done: 40, total: 100 });
    expect(await audit.exportCsv(emptyAuditForm())).toBeNull();
    expect(fake.calls.map((call) => call.op)).toEqual(['verifyAudit']);
    finish(ok({ ok: true, count: 100 }));
    await verifying;
    expect(audit.busy.value).toBe(false);
    expect(audit.verification.value).toEqual({ ok: true, count: 100 });
    fake.emit('auditVerifyProgress', { done: 1, total: 1 }); // the listener is gone
    expect(audit.task.value).toBeNull();
  });
});

describe('useAuditFollowsLedger', () => {
  it('reloads once, 250 ms after the last settlement of a burst, and not for moves still sending', async () => {
    vi.useFakeTimers();
    const fake = fakeBridge();
    const reload = vi.fn();
    const mounted = withSetup(fake.bridge, () => useAuditFollowsLedger(reload));
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: moveIn('sending') });
    await vi.advanceTimersByTimeAsync(500);
    expect(reload).not.toHaveBeenCalled();
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: moveIn('done') });
    await vi.advanceTimersByTimeAsync(200);
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: moveIn('found') });
    await vi.advanceTimersByTimeAsync(249);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: moveIn('absent') });
    mounted.stop(); // the page is gone: no reload after it
    await vi.advanceTimersByTimeAsync(500);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
