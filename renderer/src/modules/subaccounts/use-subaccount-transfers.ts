// The transfers with one sub-account that Coffer sent, from the ledger (newest first), kept live
// by the ledger's updates: a move sent or settled while the drawer is open shows at once.
import { computed, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError, PendingMoveView } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { usePendingStore } from '../pending/pending-store';
import { usePendingMovesSync } from '../pending/use-pending-moves';
import { isMoveOf, mergeMoves } from './subaccount-moves';

export interface SubAccountTransfers {
  rows: ComputedRef<PendingMoveView[]>;
  loading: Ref<boolean>;
  error: Ref<AppError | null>;
  load: () => Promise<void>;
}

export function useSubAccountTransfers(id: () => string | null): SubAccountTransfers {
  const { api } = useBridge();
  usePendingMovesSync();
  const pending = usePendingStore();
  const listed = ref<PendingMoveView[]>([]);
  const loading = ref(false);
  const error = ref<AppError | null>(null);
  let asked = 0;

  const rows = computed(() => {
    const current = id();
    if (current === null) return [];
    const live = Object.values(pending.moves).filter((move) => isMoveOf(move, current));
    return mergeMoves(listed.value.filter((move) => isMoveOf(move, current)), live);
  });

  async function load(): Promise<void> {
    const current = id();
    if (current === null) return;
    const ticket = ++asked;
    loading.value = true;
    const result = await api.listSubAccountTransfers({ id: current });
    if (ticket !== asked) return;
    loading.value = false;
    listed.value = result.ok ? result.value : [];
    error.value = result.ok ? null : result.error;
  }

  watch(id, () => {
    listed.value = [];
    void load();
  }, { immediate: true });

  return { rows, loading, error, load };
}
