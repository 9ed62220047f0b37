// A transfer between the master account's wallet and one sub-account's wallet: the draft, its
// errors on their fields (the amount checked against the side it leaves, in the currency's
// precision), and the call — made once, after the review. A frozen or disabled account is
// refused before anything is sent; an uncertain transfer locks the form until the ledger
// settles it. A refusal is shown on its field, or above the form when that field is not on
// screen (the drawer fixes the account), the amount kept; one naming the account reads the
// list again, so its status shows what the service now says.
import { computed, reactive, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { PendingMoveView, SubAccountRow, SubAccountTransferDirection } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { fieldsOf, placeRefusal } from '../form-kit/field-errors';
import { checkAmountInput } from '../money/amount-input';
import { precisionOf, toDecimal, type Precisions } from '../money/money-format';
import { balanceOf } from '../transfers/transfer-rules';
import { useOverviewRefresh } from '../wallet/use-wallet';
import { useWalletStore } from '../wallet/wallet-store';
import { transferBlockedReason } from './selection-actions';
import { useSubAccountsStore } from './subaccounts-store';
import { useSubAccountBalances, type SubAccountBalancesReader } from './use-subaccount-balances';
import { useSubAccountMoveLock } from './use-subaccount-move-lock';
import { useSubAccountList } from './use-subaccounts';

export const SUB_TRANSFER_FIELDS = ['subAccount', 'currency', 'amount'] as const;
export type SubTransferField = (typeof SUB_TRANSFER_FIELDS)[number];
type Errors = Partial<Record<SubTransferField, string>>;

export interface SubTransferDraft {
  subAccountId: string | null;
  direction: SubAccountTransferDirection;
  currency: string | null;
  amount: string;
}

export interface SubAccountTransferForm {
  draft: SubTransferDraft;
  subAccount: ComputedRef<SubAccountRow | null>;
  sub: SubAccountBalancesReader;
  /** Why no transfer is offered with this account (frozen or disabled); null when it can transact. */
  blocked: ComputedRef<string | null>;
  precision: ComputedRef<Precisions>;
  /** The master's and the account's wallet available in the currency; null while unknown. */
  masterAvailable: ComputedRef<string | null>;
  subAvailable: ComputedRef<string | null>;
  available: ComputedRef<string | null>;
  shownErrors: ComputedRef<Errors>;
  firstError: ComputedRef<SubTransferField | null>;
  sending: Ref<boolean>;
  failure: Ref<string | null>;
  move: ComputedRef<PendingMoveView | null>;
  locked: ComputedRef<boolean>;
  uncertainMoveId: Ref<string | null>;
  touch: (field: SubTransferField) => void;
  fillMax: () => void;
  /** Shows every error; the amount to review, or null. */
  amountToReview: () => string | null;
  /** Sends; 'done', 'uncertain' (the ledger follows it) or 'refused' (shown on the form). */
  send: (amount: string) => Promise<'done' | 'uncertain' | 'refused'>;
}

const fieldOf = fieldsOf(SUB_TRANSFER_FIELDS, { subAccountId: 'subAccount' });

/** `onMoved` gets the confirmation once the money moved (answered, or found by the ledger later). */
export function useSubAccountTransfer(initialId: string | null, onMoved: (notice: string) => void): SubAccountTransferForm {
  const { api } = useBridge();
  const wallet = useWalletStore();
  const store = useSubAccountsStore();
  const refreshMaster = useOverviewRefresh();
  const readList = useSubAccountList();
  // The account is chosen on the form only when none was given (the Transfers page, not the drawer).
  const accountOnScreen = initialId === null;
  const draft = reactive<SubTransferDraft>({ subAccountId: initialId, direction: 'toSub', currency: null, amount: '' });
  const touched = reactive(new Set<SubTransferField>());
  const serverErrors = ref<Errors>({});
  const sending = ref(false);
  const failure = ref<string | null>(null);

  const subAccount = computed(() => (draft.subAccountId === null ? null : (store.byId.get(draft.subAccountId) ?? null)));
  const sub = useSubAccountBalances(() => draft.subAccountId);
  // Nothing moves on balances or statuses that are not live.
  const blocked = computed(() => store.blockedReason ?? wallet.blockedReason ?? (subAccount.value ? transferBlockedReason(subAccount.value) : null));
  const precision = computed<Precisions>(() => ({ ...(sub.balances.value?.precision ?? {}), ...wallet.precision }));
  const masterAvailable = computed(() => (draft.currency && wallet.overview ? balanceOf(wallet.overview, draft.currency).wallet.available : null));
  const subAvailable = computed(() => {
    if (draft.currency === null || sub.balances.value === null) return null;
    return sub.balances.value.balances.find((b) => b.currency === draft.currency)?.wallet.available ?? '0';
  });
  const available = computed(() => (draft.direction === 'toSub' ? masterAvailable.value : subAvailable.value));

  const errors = computed<Errors>(() => {
    const found: Errors = {};
    if (subAccount.value === null) found.subAccount = 'Choose a sub-account.';
    else if (blocked.value) found.subAccount = blocked.value;
    const info = draft.currency ? wallet.currencyByCode.get(draft.currency) : undefined;
    if (draft.currency === null) found.currency = 'Choose a currency.';
    else if (info?.transferEnabled === false) found.currency = `Transfers of ${draft.currency} are switched off by the service for now.`;
    if (draft.currency !== null) {
      const check = checkAmountInput(draft.amount, { decimals: precisionOf(draft.currency, precision.value), currency: draft.currency, max: available.value });
      if (!check.ok) found.amount = check.message;
    } else if (draft.amount.trim() === '') {
      found.amount = 'Enter an amount.';
    }
    return found;
  });
  const shownErrors = computed<Errors>(() => {
    const shown: Errors = {};
    for (const field of SUB_TRANSFER_FIELDS) {
      const message = serverErrors.value[field] ?? (touched.has(field) ? errors.value[field] : undefined);
      if (message) shown[field] = message;
    }
    return shown;
  });
  const firstError = computed(() => SUB_TRANSFER_FIELDS.find((field) => shownErrors.value[field] !== undefined) ?? null);

  const lock = useSubAccountMoveLock(() => draft.subAccountId, () => draft.currency, (found) => {
    draft.amount = '';
    touched.delete('amount');
    onMoved(`Moved ${found.amount} ${found.currency}: found in the history`);
    void afterMove();
  });

  watch(() => [draft.subAccountId, draft.currency] as const, () => {
    lock.uncertainMoveId.value = null;
    failure.value = null;
  });
  watch(() => [draft.subAccountId, draft.currency, draft.direction, draft.amount] as const, () => {
    if (Object.keys(serverErrors.value).length > 0) serverErrors.value = {};
  });

  function touch(field: SubTransferField): void {
    touched.add(field);
  }

  function fillMax(): void {
    if (available.value === null) return;
    draft.amount = available.value;
    touch('amount');
  }

  function amountToReview(): string | null {
    SUB_TRANSFER_FIELDS.forEach(touch);
    failure.value = null;
    if (lock.locked.value || firstError.value !== null) return null;
    return toDecimal(draft.amount)?.toFixed() ?? null;
  }

  async function afterMove(): Promise<void> {
    await Promise.all([sub.load(), refreshMaster()]);
  }

  async function send(amount: string): Promise<'done' | 'uncertain' | 'refused'> {
    const { subAccountId, direction, currency } = draft;
    if (subAccountId === null || currency === null || blocked.value) return 'refused';
    sending.value = true;
    const result = await api.transferWithSubAccount({ subAccountId, direction, currency, amount });
    sending.value = false;
    if (!result.ok) {
      const place = placeRefusal(result.error, fieldOf, (field) => field !== 'subAccount' || accountOnScreen);
      if (place.field === null) failure.value = place.message;
      else serverErrors.value = { [place.field]: place.message };
      // The account's status may have changed since the list was read: read it again.
      if (result.error.field === 'subAccountId') void readList(true);
      return 'refused';
    }
    if (result.value.state === 'uncertain') {
      lock.uncertainMoveId.value = result.value.moveId;
      return 'uncertain';
    }
    lock.uncertainMoveId.value = null;
    draft.amount = '';
    touched.delete('amount');
    const email = subAccount.value?.email ?? subAccountId;
    onMoved(direction === 'toSub' ? `Moved ${amount} ${currency} to ${email}` : `Moved ${amount} ${currency} from ${email} to the master account`);
    await afterMove();
    return 'done';
  }

  return {
    draft, subAccount, sub, blocked, precision, masterAvailable, subAvailable, available, shownErrors, firstError, sending, failure,
    move: lock.move, locked: lock.locked, uncertainMoveId: lock.uncertainMoveId, touch, fillMax, amountToReview, send,
  };
}
