// Placing an order: the draft and its errors as the person types, the preview main works out
// (price, fee, what it holds and brings, the instant conversion beside it), then the order placed
// once. A refusal naming a field is shown on it; an answer lost is followed through the pending
// ledger and the form stays locked until it is settled, never sent again by itself.
import { computed, reactive, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError, PendingMoveView } from '../../../../preload/contract';
import type { OrderPreview, OrderView, TradingSymbol } from '../../../../preload/contract/orders';
import { appErrorText } from '../../../../preload/contract/result';
import { useBridge } from '../../bridge-key';
import { fieldsOf, placeRefusal } from '../form-kit/field-errors';
import { usePendingMove } from '../pending/use-pending-moves';
import { useOrdersStore } from './orders-store';
import { ORDER_FIELDS, emptyOrderForm, toOrderDraft, validateOrder, type OrderErrors, type OrderField, type OrderForm } from './order-draft';

const UNSETTLED: readonly PendingMoveView['state'][] = ['sending', 'uncertain', 'ambiguous'];

export type PreviewGate = { state: 'review'; preview: OrderPreview } | { state: 'errors' } | { state: 'failed'; message: string };
export type PlaceOutcome = { state: 'placed'; order: OrderView } | { state: 'uncertain' } | { state: 'refused'; message: string; onField: boolean };

export interface PlaceOrderForm {
  form: OrderForm;
  symbol: ComputedRef<TradingSymbol | undefined>;
  shownErrors: ComputedRef<OrderErrors>;
  firstError: ComputedRef<OrderField | null>;
  previewing: Ref<boolean>;
  placing: Ref<boolean>;
  /** A refusal no field can show, in plain words with its code. */
  failure: Ref<string | null>;
  placed: Ref<OrderView | null>;
  move: ComputedRef<PendingMoveView | null>;
  locked: ComputedRef<boolean>;
  touch: (field: OrderField) => void;
  preview: () => Promise<PreviewGate>;
  place: (preview: OrderPreview) => Promise<PlaceOutcome>;
}

export function usePlaceOrder(): PlaceOrderForm {
  const { api } = useBridge();
  const store = useOrdersStore();
  const form = reactive<OrderForm>(emptyOrderForm());
  const touched = reactive(new Set<OrderField>());
  const serverErrors = ref<OrderErrors>({});
  const previewing = ref(false);
  const placing = ref(false);
  const failure = ref<string | null>(null);
  const placed = ref<OrderView | null>(null);
  const moveId = ref<string | null>(null);
  const move = usePendingMove(() => moveId.value);
  const locked = computed(() => (move.value === null ? moveId.value !== null : UNSETTLED.includes(move.value.state)));

  const symbol = computed(() => store.symbols.find((s) => s.symbol === form.symbol));
  const errors = computed(() => validateOrder(form, symbol.value));
  const shownErrors = computed<OrderErrors>(() => {
    const shown: OrderErrors = {};
    for (const field of ORDER_FIELDS) {
      const message = serverErrors.value[field] ?? (touched.has(field) ? errors.value[field] : undefined);
      if (message) shown[field] = message;
    }
    return shown;
  });
  const firstError = computed(() => ORDER_FIELDS.find((field) => shownErrors.value[field] !== undefined) ?? null);

  // Main's refusal of a field goes as soon as that field (or what it depends on) changes.
  watch(() => [form.symbol, form.side, form.type, form.quantity, form.price] as const, (next, before) => {
    const changed = ORDER_FIELDS.filter((_, i) => next[i] !== before[i]);
    if (changed.some((field) => serverErrors.value[field] !== undefined)) serverErrors.value = {};
    failure.value = null;
  });

  // Found in the service's orders: the amounts typed go, so the same order is not placed twice by a second review.
  watch(() => move.value?.state, (state) => {
    if (state !== 'found') return;
    form.quantity = '';
    form.price = '';
    touched.clear();
  });

  function touch(field: OrderField): void {
    touched.add(field);
  }

  function refusal(error: AppError): { message: string; onField: boolean } {
    const place = placeRefusal(error, fieldsOf(ORDER_FIELDS), (field) => field !== 'price' || form.type === 'limit');
    if (place.field !== null) serverErrors.value = { ...serverErrors.value, [place.field]: place.message };
    else failure.value = place.message;
    return { message: place.message, onField: place.field !== null };
  }

  async function preview(): Promise<PreviewGate> {
    ORDER_FIELDS.forEach((field) => touched.add(field));
    failure.value = null;
    if (locked.value || previewing.value) return { state: 'errors' };
    if (Object.values(shownErrors.value).some((message) => message !== undefined)) return { state: 'errors' };
    previewing.value = true;
    try {
      const result = await api.previewOrder(toOrderDraft(form));
      if (result.ok) return { state: 'review', preview: result.value };
      const { message, onField } = refusal(result.error);
      return onField ? { state: 'errors' } : { state: 'failed', message };
    } finally {
      previewing.value = false;
    }
  }

  async function place(reviewed: OrderPreview): Promise<PlaceOutcome> {
    if (placing.value || locked.value) return { state: 'refused', message: 'An order is still being placed.', onField: false };
    placing.value = true;
    failure.value = null;
    try {
      const result = await api.placeOrder(reviewed.draft);
      if (!result.ok) {
        const place = placeRefusal(result.error, fieldsOf(ORDER_FIELDS));
        if (place.field !== null) serverErrors.value = { ...serverErrors.value, [place.field]: place.message };
        return { state: 'refused', message: appErrorText(result.error), onField: place.field !== null };
      }
      if (result.value.state === 'uncertain') {
        moveId.value = result.value.moveId;
        return { state: 'uncertain' };
      }
      moveId.value = null;
      placed.value = result.value.order;
      form.quantity = '';
      form.price = '';
      touched.clear();
      return { state: 'placed', order: result.value.order };
    } finally {
      placing.value = false;
    }
  }

  return { form, symbol, shownErrors, firstError, previewing, placing, failure, placed, move, locked, touch, preview, place };
}
