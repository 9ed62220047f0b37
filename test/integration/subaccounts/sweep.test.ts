// Sweeps through the real core, client and sandbox: a preview from balances read now, then each
// transfer in turn with its own progress; a refused step does not stop the others, a lost reply
// settles through the ledger, a plan runs once, and a top-up the master cannot afford is refused.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAN_LIFETIME_MS } from '../../../main/core/subaccounts/sweep';
import { failure, startHarness, unwrap, waitForEvent, type Harness } from './harness';

const TRANSFER_PATH = '/api/3/sub-account/transfer';
const FIVE = ['sub-alpha', 'sub-beta', 'sub-delta', 'sub-eta', 'sub-kappa'];

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const ids = (names: readonly string[]) => Promise.all(names.map((name) => h.idOf(name)));
const balanceOf = (balances: readonly Decimal[], i: number): Decimal => balances[i] ?? new Decimal(NaN);

describe('sweeps', () => {
  it('collects from five accounts with one refused: the others are done, the refusal listed, skipped ones say why', async () => {
    const five = await ids(FIVE);
    const [epsilon, zeta] = [await h.idOf('sub-epsilon'), await h.idOf('sub-zeta')];
    const before = await Promise.all(five.map((id) => h.subWallet(id, 'USDT')));
    const plan = unwrap(await h.desk.core.handlers.planSweep({ mode: 'collect', currency: 'USDT', ids: [...five, epsilon, zeta], keep: '10' }));
    expect(plan.steps.map((s) => [s.subAccountId, s.direction, s.balanceBefore, s.amount])).toEqual([
      ...five.map((id, i) => [id, 'fromSub', balanceOf(before, i).toFixed(), balanceOf(before, i).minus(10).toFixed()]),
      [epsilon, 'fromSub', '300', '0'],
      [zeta, 'fromSub', '0', '0'],
    ]);
    expect(plan.steps.slice(5).map((s) => s.skipReason)).toEqual([
      'sub-epsilon@sandbox.test is frozen: transfers with it are refused until it is activated',
      'Nothing to collect above the 10 kept',
    ]);
    expect(plan.total).toBe(before.reduce((sum, b) => sum.plus(b.minus(10)), new Decimal(0)).toFixed());

    const masterBefore = await h.masterWallet('USDT');
    await h.control('POST', '/sandbox/faults', { path: TRANSFER_PATH, method: 'POST', status: 400, code: 20001, count: 1 });
    const fromIndex = h.desk.events.length;
    const result = unwrap(await h.desk.core.handlers.runSweep({ planId: plan.planId }));

    expect(result.steps.map((s) => s.state)).toEqual(['failed', 'done', 'done', 'done', 'done', 'skipped', 'skipped']);
    expect(result.steps[0]?.message).toBe('Insufficient funds: the source wallet\'s USDT does not cover the amount (API_20001)');
    expect(result.steps.slice(1, 5).every((s) => s.transactionId !== null && s.moveId !== null)).toBe(true);
    const after = await Promise.all(five.map((id) => h.subWallet(id, 'USDT')));
    expect(after.map((b) => b.toFixed())).toEqual([balanceOf(before, 0).toFixed(), '10', '10', '10', '10']);
    const collected = before.slice(1).reduce((sum, b) => sum.plus(b.minus(10)), new Decimal(0));
    expect((await h.masterWallet('USDT')).minus(masterBefore).toFixed()).toBe(collected.toFixed());

    const second = h.desk.events.slice(fromIndex).filter((e) => e.event === 'sweepStep' && e.payload.step.index === 1);
    expect(second.map((e) => (e.event === 'sweepStep' ? e.payload.step.state : ''))).toEqual(['waiting', 'sending', 'done']);
    expect(h.desk.audit.all({ action: 'subAccountTransfer' }).filter((e) => e.phase === 'result').map((e) => e.outcome)).toEqual(['error', 'ok', 'ok', 'ok', 'ok']);

    const again = failure(await h.desk.core.handlers.runSweep({ planId: plan.planId }));
    expect([again.field, again.message]).toEqual(['planId', 'This sweep has already been sent: preview a new one to sweep again']);
  });

  it('tops up to a target, a lost reply left uncertain and settled by the ledger while the next steps go on', async () => {
    // sub-delta and sub-eta hold the 10 USDT the collect above left; sub-alpha kept all of its own.
    const [delta, eta, zeta, alpha] = [await h.idOf('sub-delta'), await h.idOf('sub-eta'), await h.idOf('sub-zeta'), await h.idOf('sub-alpha')];
    const alphaHolds = await h.subWallet(alpha, 'USDT');
    const plan = unwrap(await h.desk.core.handlers.planSweep({ mode: 'topUp', currency: 'USDT', ids: [delta, eta, zeta, alpha], target: '50' }));
    expect(plan.steps.map((s) => [s.direction, s.amount, s.skipReason])).toEqual([
      ['toSub', '40', null],
      ['toSub', '40', null],
      ['toSub', '50', null],
      ['toSub', '0', `Already at the target: sub-alpha@sandbox.test holds ${alphaHolds.toFixed()}`],
    ]);
    expect(plan.total).toBe('130');
    await h.control('POST', '/sandbox/faults', { path: TRANSFER_PATH, method: 'POST', status: 504, code: 504, count: 1, after: true });
    const fromIndex = h.desk.events.length;
    const result = unwrap(await h.desk.core.handlers.runSweep({ planId: plan.planId }));
    expect(result.steps.map((s) => s.state)).toEqual(['uncertain', 'done', 'done', 'skipped']);
    const moveId = result.steps[0]?.moveId ?? '';
    const settled = await waitForEvent(h.desk, 'pendingMoveUpdated', (e) => e.move.id === moveId && !['sending', 'uncertain'].includes(e.move.state), 10_000, fromIndex);
    expect(settled.move.state).toBe('found');
    expect((await Promise.all([delta, eta, zeta].map((id) => h.subWallet(id, 'USDT')))).map((b) => b.toFixed())).toEqual(['50', '50', '50']);
  });

  it('sends no further step once the profile\'s scope is closed mid-sweep', async () => {
    const desk = await h.openDesk('master@sandbox.test');
    const names = ['sub-alpha', 'sub-beta', 'sub-kappa'];
    const plan = unwrap(await desk.core.handlers.planSweep({ mode: 'collect', currency: 'USDT', ids: await ids(names), keep: '5' }));
    expect(plan.steps.every((step) => step.skipReason === null)).toBe(true);
    await h.control('POST', '/sandbox/faults', { path: TRANSFER_PATH, method: 'POST', latency_ms: 300 });
    try {
      const running = desk.core.handlers.runSweep({ planId: plan.planId });
      await waitForEvent(desk, 'sweepStep', (e) => e.step.index === 0 && e.step.state === 'sending');
      desk.core.close();
      const result = unwrap(await running);
      expect(result.steps.map((step) => [step.state, step.message])).toEqual([
        ['done', null],
        ['skipped', 'Not sent: the profile was closed or switched before this step'],
        ['skipped', 'Not sent: the profile was closed or switched before this step'],
      ]);
    } finally {
      await h.control('DELETE', '/sandbox/faults');
    }
  });

  it('refuses a top-up the master wallet cannot afford, on the target, and an unknown plan on its id', async () => {
    const five = await ids(FIVE);
    const error = failure(await h.desk.core.handlers.planSweep({ mode: 'topUp', currency: 'BTC', ids: five, target: '100' }));
    expect(error.field).toBe('target');
    expect(error.message).toMatch(/^Topping up to 100 BTC needs [\d.]+ BTC in all; the master wallet has [\d.]+ BTC available$/);
    const unknown = failure(await h.desk.core.handlers.runSweep({ planId: 'no-such-plan' }));
    expect(unknown.field).toBe('planId');
  });

  it('forgets a preview after ten minutes: running it then is refused on its id, sending nothing', async () => {
    const plan = unwrap(await h.desk.core.handlers.planSweep({ mode: 'collect', currency: 'USDT', ids: [await h.idOf('sub-alpha')] }));
    const requests = h.desk.wire.length;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + PLAN_LIFETIME_MS + 1_000);
      const stale = failure(await h.desk.core.handlers.runSweep({ planId: plan.planId }));
      expect([stale.field, stale.message]).toEqual(['planId', 'This preview is unknown or older than ten minutes: preview the sweep again']);
    } finally {
      vi.useRealTimers();
    }
    expect(h.desk.wire.length).toBe(requests);
  });
});
