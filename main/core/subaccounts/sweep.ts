// Sweeps: one currency collected from many sub-accounts into the master, or the master topping
// them up to a target. A plan is made from balances read now and kept for ten minutes; running it
// sends its transfers one after the other through the same checks and ledger as a single
// transfer, each step pushed as it changes. A failed step does not stop the others; a plan runs once.
import { randomUUID } from 'node:crypto';
import Decimal from '../../../preload/contract/decimal';
import type { SweepInput, SweepPlan, SweepResult, SweepStep, SweepStepProgress } from '../../../preload/contract/subaccounts';
import type { Currency } from '../../exchange/domain';
import { findCurrency, invalid } from '../field-checks';
import { failureText, serviceCall } from '../session/api-failure';
import { checkPrecision, parseDecimal, precisionOfCurrency } from '../transfers/checks';
import { uniqueIds } from './actions';
import { findIn, nameOf, transferBlock, type KnownSubAccount, type Roster } from './roster';
import type { SubAccountTransfers } from './transfer';

export const PLAN_LIFETIME_MS = 10 * 60_000;

export interface SweepDeps {
  roster: Roster;
  transfers: Pick<SubAccountTransfers, 'available' | 'transfer'>;
  currencies(): Promise<Currency[]>;
  notice(step: SweepStepProgress): void;
  /** Local clock for the plans' lifetime (tests may replace it). */
  now?: () => number;
}

interface StoredPlan {
  plan: SweepPlan;
  expiresAt: number;
  started: boolean;
}

const ZERO = new Decimal(0);
const CLOSED = 'Not sent: the profile was closed or switched before this step';

export class Sweeps {
  private readonly plans = new Map<string, StoredPlan>();
  private closed = false;

  constructor(private readonly deps: SweepDeps) {}

  async plan(input: SweepInput): Promise<SweepPlan> {
    const currency = findCurrency(input.currency, await serviceCall(() => this.deps.currencies()), 'currency');
    const code = currency.code;
    const precision = precisionOfCurrency(currency);
    const keep = input.keep === undefined ? ZERO : parseLevel(input.keep, currency, 'keep');
    const target = input.mode === 'topUp' ? parseLevel(input.target ?? '', currency, 'target') : ZERO;
    const listed = await this.deps.roster.all();
    const subs = uniqueIds(input.ids).map((id) => findIn(listed, id, 'ids'));
    const [masterAvailable, balances] = await Promise.all([
      this.deps.transfers.available(null, code),
      Promise.all(subs.map((sub) => this.deps.transfers.available(sub.id, code))),
    ]);
    const steps = subs.map((sub, i) => {
      const balance = balances[i] ?? ZERO;
      return input.mode === 'collect' ? collectStep(sub, balance, keep, precision) : topUpStep(sub, balance, target, precision);
    });
    const total = steps.reduce((sum, step) => sum.plus(step.amount), ZERO);
    if (input.mode === 'topUp' && total.gt(masterAvailable)) {
      throw invalid('target', `Topping up to ${target.toFixed()} ${code} needs ${total.toFixed()} ${code} in all; the master wallet has ${masterAvailable.toFixed()} ${code} available`);
    }
    const plan: SweepPlan = {
      planId: randomUUID(), mode: input.mode, currency: code, precision, steps, total: total.toFixed(),
      masterAvailable: masterAvailable.toFixed(), createdAt: new Date(this.now()).toISOString(),
    };
    this.forgetExpired();
    this.plans.set(plan.planId, { plan, expiresAt: this.now() + PLAN_LIFETIME_MS, started: false });
    return plan;
  }

  async run(planId: string): Promise<SweepResult> {
    this.forgetExpired();
    const stored = this.plans.get(planId.trim());
    if (stored === undefined) throw invalid('planId', 'This preview is unknown or older than ten minutes: preview the sweep again');
    if (stored.started) throw invalid('planId', 'This sweep has already been sent: preview a new one to sweep again');
    stored.started = true;
    const { plan } = stored;
    const progress = plan.steps.map((step, index): SweepStepProgress => ({
      planId: plan.planId, index, subAccountId: step.subAccountId, state: step.skipReason === null ? 'waiting' : 'skipped',
      message: step.skipReason, transactionId: null, moveId: null,
    }));
    for (const step of progress) this.deps.notice(step);
    for (const [index, step] of plan.steps.entries()) {
      if (step.skipReason !== null) continue;
      // A closed scope sends nothing more: its ledger no longer settles what it would send.
      if (this.closed) {
        this.update(progress, index, { state: 'skipped', message: CLOSED });
        continue;
      }
      this.update(progress, index, { state: 'sending' });
      this.update(progress, index, await this.send(plan, step));
    }
    return { planId: plan.planId, steps: progress };
  }

  /** Scope close: plans are forgotten and a running sweep sends no further step. */
  close(): void {
    this.closed = true;
    this.plans.clear();
  }

  private async send(plan: SweepPlan, step: SweepStep): Promise<Partial<SweepStepProgress>> {
    try {
      const { result, moveId } = await this.deps.transfers.transfer({
        subAccountId: step.subAccountId, direction: step.direction, currency: plan.currency, amount: step.amount,
      });
      return result.state === 'done'
        ? { state: 'done', message: null, transactionId: result.transactionId, moveId }
        : { state: 'uncertain', message: result.reason, moveId };
    } catch (error) {
      return { state: 'failed', message: failureText(error) };
    }
  }

  private update(progress: SweepStepProgress[], index: number, change: Partial<SweepStepProgress>): void {
    const next = { ...(progress[index] as SweepStepProgress), ...change };
    progress[index] = next;
    this.deps.notice(next);
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [id, stored] of this.plans) if (stored.expiresAt <= now) this.plans.delete(id);
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}

function collectStep(sub: KnownSubAccount, balance: Decimal, keep: Decimal, precision: number): SweepStep {
  const base = { subAccountId: sub.id, email: sub.email, direction: 'fromSub' as const, balanceBefore: balance.toFixed() };
  const block = transferBlock(sub);
  if (block !== null) return { ...base, amount: '0', skipReason: block };
  const amount = balance.minus(keep).toDecimalPlaces(precision, Decimal.ROUND_DOWN);
  if (amount.lte(0)) return { ...base, amount: '0', skipReason: keep.isZero() ? 'Nothing to collect' : `Nothing to collect above the ${keep.toFixed()} kept` };
  return { ...base, amount: amount.toFixed(), skipReason: null };
}

function topUpStep(sub: KnownSubAccount, balance: Decimal, target: Decimal, precision: number): SweepStep {
  const base = { subAccountId: sub.id, email: sub.email, direction: 'toSub' as const, balanceBefore: balance.toFixed() };
  const block = transferBlock(sub);
  if (block !== null) return { ...base, amount: '0', skipReason: block };
  const amount = target.minus(balance).toDecimalPlaces(precision, Decimal.ROUND_UP);
  if (amount.lte(0)) return { ...base, amount: '0', skipReason: `Already at the target: ${nameOf(sub)} holds ${balance.toFixed()}` };
  return { ...base, amount: amount.toFixed(), skipReason: null };
}

/** A balance level (what to keep, the target): a plain decimal ≥ 0 within the currency's precision. */
function parseLevel(raw: string, currency: Currency, field: 'keep' | 'target'): Decimal {
  const level = checkPrecision(parseDecimal(raw, field, '100'), currency, field);
  if (field === 'target' && level.lte(0)) throw invalid(field, 'The target must be greater than zero');
  return level;
}
