// The ledger's moves as the renderer knows them: state only, filled by use-pending-moves.ts
// (the list, then pendingMoveUpdated events), looked up by id wherever a move is shown.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { PendingMoveView } from '../../../../preload/contract/pending';

export const usePendingStore = defineStore('pending', () => {
  const moves = ref<Record<string, PendingMoveView>>({});
  const profileId = ref<string | null>(null);
  /** Set once the app-wide subscription runs, so it is started only once. */
  const syncing = ref(false);

  function setMoves(forProfile: string | null, list: PendingMoveView[]): void {
    const next: Record<string, PendingMoveView> = forProfile === profileId.value ? { ...moves.value } : {};
    for (const move of list) next[move.id] = move;
    moves.value = next;
    profileId.value = forProfile;
  }

  function applyUpdate(forProfile: string, move: PendingMoveView): void {
    if (profileId.value !== null && forProfile !== profileId.value) return;
    const known = moves.value[move.id];
    // Events can overtake a list read; the later change wins.
    if (known !== undefined && known.updatedAt > move.updatedAt) return;
    moves.value = { ...moves.value, [move.id]: move };
  }

  function setSyncing(next: boolean): void {
    syncing.value = next;
  }

  return { moves, profileId, syncing, setMoves, applyUpdate, setSyncing };
});
