// The ledger's moves as the renderer knows them: state only, filled by use-pending-moves.ts
// (the list, then pendingMoveUpdated events), looked up by id wherever a move is shown. It holds
// one profile's moves, forgotten the moment another profile becomes active.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { PendingMoveView } from '../../../../preload/contract/pending';
import { scopeToActiveProfile } from '../profiles/profile-scope';

export const usePendingStore = defineStore('pending', () => {
  const moves = ref<Record<string, PendingMoveView>>({});
  /** Set once the app-wide subscription runs, so it is started only once. */
  const syncing = ref(false);
  const scope = scopeToActiveProfile(() => {
    moves.value = {};
  });
  const profileId = scope.heldFor;

  function setMoves(forProfile: string | null, list: PendingMoveView[]): void {
    if (!scope.accepts(forProfile)) return;
    const next: Record<string, PendingMoveView> = { ...moves.value };
    for (const move of list) next[move.id] = move;
    moves.value = next;
  }

  function applyUpdate(forProfile: string, move: PendingMoveView): void {
    if (!scope.accepts(forProfile)) return;
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
