// A sweep's steps as events and the final result arrive: skipped ones settled from the plan,
// steps move forward only, another plan's events change nothing, and the counts add up.
import { describe, expect, it } from 'vitest';
import type { SweepStepProgress } from '../../../../preload/contract';
import { applySweepResult, applySweepStep, sweepCounts, sweepLines } from '../../../../renderer/src/modules/subaccounts/sweep-progress';
import { sweepPlan, sweepStep } from './fixtures';

const plan = sweepPlan([sweepStep('a', '10'), sweepStep('b', '2.5'), sweepStep('c', '0', 'Frozen: it cannot transfer')]);
const event = (index: number, subAccountId: string, state: SweepStepProgress['state'], more: Partial<SweepStepProgress> = {}): SweepStepProgress => ({
  planId: 'plan-1', index, subAccountId, state, message: null, transactionId: null, moveId: null, ...more,
});

describe('sweep progress', () => {
  it('starts with the sent steps waiting and the skipped ones settled with their reason', () => {
    const lines = sweepLines(plan);
    expect(lines.map((line) => [line.state, line.message])).toEqual([['waiting', null], ['waiting', null], ['skipped', 'Frozen: it cannot transfer']]);
    expect(sweepCounts(lines)).toMatchObject({ toSend: 2, settled: 0, skipped: 1, finished: false });
  });

  it('moves steps forward, never back, and ignores another plan', () => {
    let lines = sweepLines(plan);
    lines = applySweepStep(lines, 'plan-1', event(0, 'a', 'sending'));
    lines = applySweepStep(lines, 'plan-1', event(0, 'a', 'done', { transactionId: 't1', moveId: 'm1' }));
    lines = applySweepStep(lines, 'plan-1', event(0, 'a', 'sending'));
    lines = applySweepStep(lines, 'plan-2', event(1, 'b', 'failed'));
    expect(lines.map((line) => line.state)).toEqual(['done', 'waiting', 'skipped']);
    expect(lines[0]).toMatchObject({ transactionId: 't1', moveId: 'm1' });
  });

  it('lets an uncertain step settle later, and takes the final result as the last word', () => {
    let lines = applySweepStep(sweepLines(plan), 'plan-1', event(1, 'b', 'uncertain', { message: 'Timed out', moveId: 'm2' }));
    expect(sweepCounts(lines)).toMatchObject({ uncertain: 1, settled: 1, finished: false });
    lines = applySweepResult(lines, 'plan-1', {
      planId: 'plan-1',
      steps: [event(0, 'a', 'failed', { message: 'Insufficient funds (API_20001)' }), event(1, 'b', 'done', { transactionId: 't2' })],
    });
    expect(lines.map((line) => [line.state, line.message])).toEqual([
      ['failed', 'Insufficient funds (API_20001)'],
      ['done', null],
      ['skipped', 'Frozen: it cannot transfer'],
    ]);
    expect(sweepCounts(lines)).toEqual({ toSend: 2, done: 1, failed: 1, uncertain: 0, skipped: 1, settled: 2, movedTotal: '2.5', finished: true });
  });
});
