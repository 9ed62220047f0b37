// A sweep's steps as they go: built from the plan (skipped ones settled from the start), moved
// on by sweepStep events and the final result, never backwards, so a late event cannot undo an
// outcome already shown; and the counts the dialog reports.
import type { SweepPlan, SweepResult, SweepStep, SweepStepProgress, SweepStepState } from '../../../../preload/contract';
import { sumAmounts } from '../money/money-format';

export interface SweepLine extends SweepStep {
  index: number;
  state: SweepStepState;
  message: string | null;
  transactionId: string | null;
  moveId: string | null;
}

const RANK: Record<SweepStepState, number> = { waiting: 0, sending: 1, uncertain: 2, done: 3, failed: 3, skipped: 3 };

export function sweepLines(plan: SweepPlan): SweepLine[] {
  return plan.steps.map((step, index) => ({
    ...step,
    index,
    state: step.skipReason === null ? 'waiting' : 'skipped',
    message: step.skipReason,
    transactionId: null,
    moveId: null,
  }));
}

/** One step's news; an event of another plan, or one that would move a step back, changes nothing. */
export function applySweepStep(lines: readonly SweepLine[], planId: string, step: SweepStepProgress): SweepLine[] {
  if (step.planId !== planId) return [...lines];
  return lines.map((line) => {
    if (line.index !== step.index || line.subAccountId !== step.subAccountId) return line;
    if (RANK[step.state] < RANK[line.state] || RANK[line.state] === 3) return line;
    return {
      ...line,
      state: step.state,
      message: step.message,
      transactionId: step.transactionId ?? line.transactionId,
      moveId: step.moveId ?? line.moveId,
    };
  });
}

export function applySweepResult(lines: readonly SweepLine[], planId: string, result: SweepResult): SweepLine[] {
  if (result.planId !== planId) return [...lines];
  return result.steps.reduce<SweepLine[]>((next, step) => applySweepStep(next, planId, step), [...lines]);
}

export interface SweepCounts {
  /** Steps that send something (not skipped from the plan). */
  toSend: number;
  done: number;
  failed: number;
  uncertain: number;
  skipped: number;
  /** Sent steps that have an outcome (done, failed or uncertain). */
  settled: number;
  /** Sum of the amounts of the steps done. */
  movedTotal: string;
  finished: boolean;
}

export function sweepCounts(lines: readonly SweepLine[]): SweepCounts {
  const count = (state: SweepStepState) => lines.filter((line) => line.state === state).length;
  const toSend = lines.filter((line) => line.skipReason === null).length;
  const [done, failed, uncertain] = [count('done'), count('failed'), count('uncertain')];
  return {
    toSend,
    done,
    failed,
    uncertain,
    skipped: count('skipped'),
    settled: done + failed + uncertain,
    movedTotal: sumAmounts(lines.filter((line) => line.state === 'done').map((line) => line.amount)).toFixed(),
    finished: lines.every((line) => line.state !== 'waiting' && line.state !== 'sending'),
  };
}
