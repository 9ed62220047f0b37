// The ledger in the renderer: one app-wide subscription to pendingMoveUpdated (started by
// whichever screen needs it first), the move of a given id as a computed, and a person's
// decision on an ambiguous move (link a candidate, or none of them) or on one not seen yet.
import { computed, type ComputedRef } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { PendingMoveView } from '../../../../preload/contract/pending';
import { useBridge } from '../../bridge-key';
import { loadWhenReady } from '../connection/use-load-when-ready';
import { useProfilesStore } from '../profiles/profiles-store';
import { usePendingStore } from './pending-store';

export interface PendingMovesSync {
  load: () => Promise<void>;
}

export function usePendingMovesSync(): PendingMovesSync {
  const { api } = useBridge();
  const store = usePendingStore();
  const profiles = useProfilesStore();

  async function load(): Promise<void> {
    const result = await api.listPendingMoves();
    if (result.ok) store.setMoves(profiles.activeProfileId, result.value);
  }

  if (store.syncing) return { load };
  store.setSyncing(true);
  loadWhenReady(load, () => api.on('pendingMoveUpdated', ({ profileId, move }) => store.applyUpdate(profileId, move)));
  return { load };
}

export function usePendingMove(id: () => string | null): ComputedRef<PendingMoveView | null> {
  usePendingMovesSync();
  const store = usePendingStore();
  return computed(() => {
    const moveId = id();
    return moveId === null ? null : (store.moves[moveId] ?? null);
  });
}

export type DecisionResult = { ok: true; move: PendingMoveView } | { ok: false; error: AppError };

export interface PendingDecisions {
  /** The person says this transaction is the move. */
  link: (moveId: string, txId: string) => Promise<DecisionResult>;
  /** The person says none of the candidates is the move. */
  dismiss: (moveId: string) => Promise<DecisionResult>;
  /** The person says a move not seen yet will not happen (the service may still run it). */
  abandon: (moveId: string) => Promise<DecisionResult>;
}

export function usePendingDecisions(): PendingDecisions {
  const { api } = useBridge();
  const store = usePendingStore();
  const profiles = useProfilesStore();
  const settle = (result: { ok: true; value: PendingMoveView } | { ok: false; error: AppError }): DecisionResult => {
    if (!result.ok) return { ok: false, error: result.error };
    store.applyUpdate(profiles.activeProfileId ?? '', result.value);
    return { ok: true, move: result.value };
  };
  return {
    link: async (moveId, txId) => settle(await api.linkPendingMove({ moveId, txId })),
    dismiss: async (moveId) => settle(await api.dismissPendingMove({ moveId })),
    abandon: async (moveId) => settle(await api.abandonPendingMove({ moveId })),
  };
}

/** The newest move of this kind and currency still open or waiting for a person (e.g. after a
 *  reload); `belongs` narrows it further (e.g. to moves with one sub-account). */
export function useOpenMove(kind: PendingMoveView['kind'], currency: () => string, belongs: (move: PendingMoveView) => boolean = () => true): ComputedRef<PendingMoveView | null> {
  usePendingMovesSync();
  const store = usePendingStore();
  return computed(() => {
    const open = Object.values(store.moves).filter(
      (m) => m.kind === kind && m.currency === currency() && ['sending', 'uncertain', 'ambiguous'].includes(m.state) && belongs(m),
    );
    return open.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
  });
}
