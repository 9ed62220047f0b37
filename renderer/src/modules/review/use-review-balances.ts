// The day a balances export holds, asked of main once per review (it reads it from the verified
// file); an answer for a review that is no longer the one shown is dropped.
import { ref, shallowRef, watch, type Ref } from 'vue';
import { appErrorText } from '../../../../preload/contract/result';
import type { DateBalances } from '../../../../preload/contract/portfolio';
import { useBridge } from '../../bridge-key';

export interface ReviewBalances {
  balances: Ref<DateBalances | null>;
  loading: Ref<boolean>;
  error: Ref<string | null>;
}

export function useReviewBalances(reviewId: Ref<string | null>): ReviewBalances {
  const { api } = useBridge();
  const balances = shallowRef<DateBalances | null>(null);
  const loading = ref(false);
  const error = ref<string | null>(null);

  watch(
    reviewId,
    async (id) => {
      balances.value = null;
      error.value = null;
      if (id === null) return;
      loading.value = true;
      const answer = await api.reviewBalances({ reviewId: id });
      if (reviewId.value !== id) return;
      loading.value = false;
      if (answer.ok) balances.value = answer.value;
      else error.value = appErrorText(answer.error);
    },
    { immediate: true },
  );

  return { balances, loading, error };
}
