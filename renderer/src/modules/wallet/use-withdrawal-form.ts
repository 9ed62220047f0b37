// State of the prepare-withdrawal form: the draft, errors shown as the user types, the live fee
// estimate, and the prepare call itself. Nothing is sent while any field has an error.
import { computed, onScopeDispose, reactive, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError, CurrencyInfo, FeeEstimateResult, NetworkInfo, WithdrawalView } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { toDecimal } from '../money/money-format';
import { placeRefusal } from '../form-kit/field-errors';
import type { AddressEntryView } from '../../../../preload/contract/team';
import { usableEntries, useTeamStore } from '../team/team-store';
import { useWrongSide, type WrongSideHelper } from '../transfers/use-wrong-side';
import { useOverviewRefresh } from './use-wallet';
import { useWalletStore } from './wallet-store';
import {
  WITHDRAWAL_FIELDS,
  canEstimate,
  emptyDraft,
  hasErrors,
  selectedNetwork,
  toWithdrawalInput,
  validateWithdrawal,
  walletNeed,
  type WithdrawalDraft,
  type WithdrawalErrors,
  type WithdrawalField,
} from './withdrawal-form';

const ESTIMATE_DELAY_MS = 350;

export type Estimate =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'ready'; key: string; result: FeeEstimateResult }
  | { state: 'error'; error: AppError };

/** A failed prepare says whether its refusal is shown on a field (else the form shows it at its top). */
export type SubmitOutcome = { state: 'prepared'; view: WithdrawalView } | { state: 'failed'; error: AppError; onField: boolean };

function isField(name: string | undefined): name is WithdrawalField {
  return (WITHDRAWAL_FIELDS as readonly string[]).includes(name ?? '');
}

export interface WithdrawalForm {
  draft: WithdrawalDraft;
  currency: ComputedRef<CurrencyInfo | undefined>;
  network: ComputedRef<NetworkInfo | undefined>;
  /** The wallet side's available balance of the draft's currency, once known. */
  available: ComputedRef<string | null>;
  /** The spot side's: what the wallet lacks may be moved from there first. */
  spotAvailable: ComputedRef<string | null>;
  /** Offers to move from spot what the wallet lacks, then goes on to the confirmation. */
  wrongSide: WrongSideHelper;
  estimate: Ref<Estimate>;
  /** What leaves the wallet, from the estimate of the draft as it is now. */
  debited: ComputedRef<string | null>;
  errors: ComputedRef<WithdrawalErrors>;
  /** Errors of touched fields and main's, as the form shows them. */
  shownErrors: ComputedRef<WithdrawalErrors>;
  sending: Ref<boolean>;
  /** A team governs the active profile: the reason is required. */
  reasonRequired: ComputedRef<boolean>;
  /** The team's usable address-book entries for the draft's currency (none without a team). */
  bookEntries: ComputedRef<AddressEntryView[]>;
  /** The team's policy lets withdrawals go only to usable address-book entries. */
  bookOnly: ComputedRef<boolean>;
  /** Why the team refuses to prepare now (its server cannot be reached), or null. */
  teamBlocked: ComputedRef<string | null>;
  /** Fills the address, network and payment id from an address-book entry. */
  useBookEntry: (entry: AddressEntryView) => void;
  reset: (code: string | null) => void;
  touch: (field: WithdrawalField) => void;
  fillMax: () => void;
  readyToConfirm: () => boolean;
  /** `onScreen` says which fields the form shows now (the payment id only for networks that take one). */
  prepare: (onScreen?: (field: WithdrawalField) => boolean) => Promise<SubmitOutcome>;
}

/** `next` opens the confirmation once the wrong-side helper has moved what the wallet lacked. */
export function useWithdrawalForm(next: () => void = () => undefined): WithdrawalForm {
  const { api } = useBridge();
  const store = useWalletStore();
  const team = useTeamStore();
  const loadBalances = useOverviewRefresh();
  const draft = reactive<WithdrawalDraft>(emptyDraft());
  const touched = reactive(new Set<WithdrawalField>());
  const serverErrors = ref<WithdrawalErrors>({});
  const estimate = ref<Estimate>({ state: 'none' });
  const sending = ref(false);

  const currency = computed(() => (draft.currency ? store.currencyByCode.get(draft.currency) : undefined));
  const network = computed(() => selectedNetwork(currency.value, draft.network));
  const balance = computed(() => store.overview?.balances.find((b) => b.currency === draft.currency));
  const available = computed(() => balance.value?.wallet.available ?? null);
  const spotAvailable = computed(() => balance.value?.spot.available ?? null);
  const estimateKey = computed(() => JSON.stringify([draft.currency, network.value?.network, draft.amount.trim(), draft.includeFee]));
  const debited = computed(() => (estimate.value.state === 'ready' && estimate.value.key === estimateKey.value ? estimate.value.result.debited : null));
  const reasonRequired = computed(() => team.governsActiveProfile);
  const bookEntries = computed(() => usableEntries(team.addressBook, draft.currency));
  const bookOnly = computed(() => team.governsActiveProfile && (team.status?.policy?.addressBookOnly ?? false));
  const teamBlocked = computed(() => (team.governsActiveProfile ? team.status?.unreachable ?? null : null));
  const errors = computed(() =>
    validateWithdrawal(draft, {
      currency: currency.value, available: available.value, debited: debited.value, spot: spotAvailable.value, reasonRequired: reasonRequired.value,
    }),
  );
  const shownErrors = computed<WithdrawalErrors>(() => {
    const shown: WithdrawalErrors = {};
    for (const field of WITHDRAWAL_FIELDS) {
      const message = serverErrors.value[field] ?? (touched.has(field) ? errors.value[field] : undefined);
      if (message) shown[field] = message;
    }
    return shown;
  });

  const wrongSide = useWrongSide({
    currency: () => draft.currency,
    needed: () => (errors.value.amount || errors.value.currency ? null : walletNeed(draft, debited.value)),
    next,
  });

  function reset(code: string | null): void {
    Object.assign(draft, emptyDraft(code));
    touched.clear();
    serverErrors.value = {};
    estimate.value = { state: 'none' };
    // Opened outside the wallet page (prepare again): the available balance still has to be known.
    if (store.overview === null) void loadBalances({ onlyIfMissing: true });
  }

  function touch(field: WithdrawalField): void {
    touched.add(field);
    if (serverErrors.value[field]) serverErrors.value = { ...serverErrors.value, [field]: undefined };
  }

  function useBookEntry(entry: AddressEntryView): void {
    draft.network = entry.network;
    draft.address = entry.address;
    draft.paymentId = entry.paymentId ?? '';
    (['network', 'address', 'paymentId'] as const).forEach(touch);
  }

  /** "max": everything available on the wallet side, with the fee taken out of it. */
  function fillMax(): void {
    if (available.value === null) return;
    draft.amount = available.value;
    draft.includeFee = true;
    touch('amount');
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  watch(estimateKey, (key) => {
    clearTimeout(timer);
    if (!draft.currency || !canEstimate(draft, currency.value)) {
      estimate.value = { state: 'none' };
      return;
    }
    estimate.value = { state: 'loading' };
    timer = setTimeout(() => void fetchEstimate(key), ESTIMATE_DELAY_MS);
  });
  onScopeDispose(() => clearTimeout(timer));

  async function fetchEstimate(key: string): Promise<void> {
    const request = {
      currency: draft.currency ?? '',
      amount: draft.amount.trim(),
      ...(network.value ? { network: network.value.network } : {}),
      ...(draft.includeFee ? { includeFee: true } : {}),
    };
    const result = await api.estimateWithdrawalFee(request);
    if (key !== estimateKey.value) return; // the draft changed meanwhile; a newer estimate is coming
    estimate.value = result.ok ? { state: 'ready', key, result: result.value } : { state: 'error', error: result.error };
  }

  /** Shows every error; true when the draft may go to the confirmation step (the wallet holding all it takes). */
  function readyToConfirm(): boolean {
    WITHDRAWAL_FIELDS.forEach((field) => touched.add(field));
    if (hasErrors(errors.value) || hasErrors(serverErrors.value) || wrongSide.busy.value) return false;
    const amount = toDecimal(draft.amount);
    const wallet = toDecimal(available.value);
    // Beyond the wallet, the exact part to move from spot is known only with the fee estimate.
    if (wrongSide.coverage.value.kind === 'unknown' && amount !== null && wallet !== null && amount.greaterThan(wallet)) return false;
    return wrongSide.coverage.value.kind !== 'with-spot';
  }

  async function prepare(onScreen: (field: WithdrawalField) => boolean = () => true): Promise<SubmitOutcome> {
    sending.value = true;
    try {
      const result = await api.prepareWithdrawal(toWithdrawalInput(draft, network.value));
      if (result.ok) return { state: 'prepared', view: result.value };
      const place = placeRefusal(result.error, (name) => (isField(name) ? name : undefined), onScreen);
      if (place.field !== null) serverErrors.value = { ...serverErrors.value, [place.field]: place.message };
      return { state: 'failed', error: result.error, onField: place.field !== null };
    } finally {
      sending.value = false;
    }
  }

  return {
    draft, currency, network, available, spotAvailable, wrongSide, estimate, debited, errors, shownErrors, sending,
    reasonRequired, bookEntries, bookOnly, teamBlocked, useBookEntry, reset, touch, fillMax, readyToConfirm, prepare,
  };
}
