// Cancelling orders: one, a symbol's, or every active one — each only after a confirmation that
// says what it frees — and the outcome per order as the service answered it. An order found filled
// meanwhile is an outcome, not a failure.
import { ref, type Ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { CancelOutcome, Money, OrderView } from '../../../../preload/contract/orders';
import { useBridge } from '../../bridge-key';
import { useProfilesStore } from '../profiles/profiles-store';
import { useOrdersStore } from './orders-store';
import { sumMoney } from './order-words';

/** What a confirmation names: the orders, and one symbol's or every order (a single order is by id). */
export type CancelTarget = { kind: 'one'; order: OrderView } | { kind: 'symbol'; symbol: string; orders: OrderView[] } | { kind: 'all'; orders: OrderView[] };

export interface CancelReport {
  outcomes: CancelOutcome[];
  freed: Money[];
}

export interface OrderCanceller {
  busy: Ref<boolean>;
  report: Ref<CancelReport | null>;
  failure: Ref<AppError | null>;
  run: (target: CancelTarget) => Promise<void>;
  reset: () => void;
}

export function targetOrders(target: CancelTarget): OrderView[] {
  return target.kind === 'one' ? [target.order] : target.orders;
}

function answered(outcome: CancelOutcome): string {
  return outcome.state === 'gone' ? outcome.clientOrderId : outcome.order.clientOrderId;
}

export function useCancelOrders(): OrderCanceller {
  const { api } = useBridge();
  const store = useOrdersStore();
  const profiles = useProfilesStore();
  const busy = ref(false);
  const report = ref<CancelReport | null>(null);
  const failure = ref<AppError | null>(null);

  async function run(target: CancelTarget): Promise<void> {
    if (busy.value) return;
    const profileId = profiles.activeProfileId;
    busy.value = true;
    failure.value = null;
    try {
      if (target.kind === 'one') {
        const result = await api.cancelOrder({ clientOrderId: target.order.clientOrderId });
        if (!result.ok) failure.value = result.error;
        else report.value = { outcomes: [result.value], freed: sumMoney([result.value.state === 'canceled' ? result.value.freed : null]) };
      } else {
        const result = await api.cancelOrders(target.kind === 'symbol' ? { symbol: target.symbol } : {});
        if (!result.ok) failure.value = result.error;
        else report.value = { outcomes: result.value.outcomes, freed: result.value.freed };
      }
      if (report.value) store.dropOrders(profileId, report.value.outcomes.map(answered));
    } finally {
      busy.value = false;
    }
  }

  function reset(): void {
    report.value = null;
    failure.value = null;
  }

  return { busy, report, failure, run, reset };
}
