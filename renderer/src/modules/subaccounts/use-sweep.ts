// A sweep: collect one currency from many sub-accounts into the master, or top them up to a
// target. First a plan that sends nothing (planSweep), shown as a preview; then, once confirmed,
// each transfer sent in turn with its progress pushed as sweepStep events. A failed step does
// not stop the others; an uncertain one is settled by the ledger.
import { computed, onScopeDispose, reactive, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { SweepMode, SweepPlan } from '../../../../preload/contract';
import { appErrorText } from '../../../../preload/contract/result';
import { useBridge } from '../../bridge-key';
import { checkAmountInput } from '../money/amount-input';
import { precisionOf, toDecimal } from '../money/money-format';
import { useProfilesStore } from '../profiles/profiles-store';
import { fieldsOf, placeRefusal } from '../form-kit/field-errors';
import { useWalletStore } from '../wallet/wallet-store';
import { useSubAccountList } from './use-subaccounts';
import { applySweepResult, applySweepStep, sweepCounts, sweepLines, type SweepCounts, type SweepLine } from './sweep-progress';

export type SweepPhase = 'form' | 'preview' | 'running' | 'finished';
export const SWEEP_FIELDS = ['currency', 'amount'] as const;
export type SweepField = (typeof SWEEP_FIELDS)[number];
type Errors = Partial<Record<SweepField, string>>;

export interface SweepDraft {
  mode: SweepMode;
  currency: string | null;
  /** collect: what to leave on each account (empty: nothing); topUp: the balance each should reach. */
  amount: string;
}

export interface Sweep {
  draft: SweepDraft;
  phase: Ref<SweepPhase>;
  planning: Ref<boolean>;
  plan: Ref<SweepPlan | null>;
  lines: Ref<SweepLine[]>;
  counts: ComputedRef<SweepCounts>;
  shownErrors: ComputedRef<Errors>;
  firstError: ComputedRef<SweepField | null>;
  failure: Ref<string | null>;
  /** Plans for these accounts; the preview shows when it comes back. */
  preview: (ids: string[]) => Promise<void>;
  run: () => Promise<void>;
  /** Back from the preview to the form (the plan is dropped). */
  back: () => void;
  reset: () => void;
}

const fieldOf = fieldsOf(SWEEP_FIELDS, { target: 'amount', keep: 'amount' });

export function useSweep(onFinished: () => void): Sweep {
  const { api } = useBridge();
  const wallet = useWalletStore();
  const profiles = useProfilesStore();
  const readList = useSubAccountList();
  const draft = reactive<SweepDraft>({ mode: 'collect', currency: null, amount: '' });
  const phase = ref<SweepPhase>('form');
  const planning = ref(false);
  const plan = ref<SweepPlan | null>(null);
  const lines = ref<SweepLine[]>([]);
  const tried = ref(false);
  const serverErrors = ref<Errors>({});
  const failure = ref<string | null>(null);

  const errors = computed<Errors>(() => {
    const found: Errors = {};
    if (draft.currency === null) {
      found.currency = 'Choose a currency.';
      return found;
    }
    const empty = draft.amount.trim() === '';
    if (draft.mode === 'collect' && empty) return found;
    const check = checkAmountInput(draft.amount, {
      decimals: precisionOf(draft.currency, wallet.precision),
      currency: draft.currency,
      allowZero: draft.mode === 'collect',
    });
    if (!check.ok) found.amount = draft.mode === 'topUp' && empty ? 'Enter the balance to top each account up to.' : check.message;
    return found;
  });
  const shownErrors = computed<Errors>(() => ({ ...(tried.value ? errors.value : {}), ...serverErrors.value }));
  const firstError = computed(() => SWEEP_FIELDS.find((field) => shownErrors.value[field] !== undefined) ?? null);
  const counts = computed(() => sweepCounts(lines.value));
  watch(() => [draft.mode, draft.currency, draft.amount] as const, () => (serverErrors.value = {}));

  const stop = api.on('sweepStep', ({ profileId, step }) => {
    if (profileId !== profiles.activeProfileId || plan.value === null) return;
    lines.value = applySweepStep(lines.value, plan.value.planId, step);
  });
  onScopeDispose(stop);

  async function preview(ids: string[]): Promise<void> {
    tried.value = true;
    serverErrors.value = {};
    failure.value = null;
    if (firstError.value !== null || draft.currency === null) return;
    const amount = toDecimal(draft.amount)?.toFixed();
    planning.value = true;
    const result = await api.planSweep({
      mode: draft.mode,
      currency: draft.currency,
      ids,
      ...(amount === undefined ? {} : draft.mode === 'topUp' ? { target: amount } : { keep: amount }),
    });
    planning.value = false;
    if (!result.ok) {
      const place = placeRefusal(result.error, fieldOf);
      if (place.field === null) failure.value = place.message;
      else serverErrors.value = { [place.field]: place.message };
      // An account the service no longer lists as it was: the page's list is read again.
      if (result.error.field === 'ids') void readList(true);
      return;
    }
    plan.value = result.value;
    lines.value = sweepLines(result.value);
    phase.value = 'preview';
  }

  async function run(): Promise<void> {
    if (plan.value === null || phase.value !== 'preview') return;
    const planId = plan.value.planId;
    phase.value = 'running';
    failure.value = null;
    const result = await api.runSweep({ planId });
    if (result.ok) lines.value = applySweepResult(lines.value, planId, result.value);
    else failure.value = appErrorText(result.error);
    phase.value = 'finished';
    // A refused step may be an account frozen since the preview: the list shows its status now.
    if (!result.ok || result.value.steps.some((step) => step.state === 'failed')) await readList(true);
    onFinished();
  }

  function back(): void {
    plan.value = null;
    lines.value = [];
    phase.value = 'form';
  }

  function reset(): void {
    back();
    Object.assign(draft, { mode: 'collect', currency: null, amount: '' });
    tried.value = false;
    serverErrors.value = {};
    failure.value = null;
  }

  return { draft, phase, planning, plan, lines, counts, shownErrors, firstError, failure, preview, run, back, reset };
}
