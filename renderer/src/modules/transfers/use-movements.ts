// Recent movements of the account: read once per link-up, profile and currency filter, then kept
// live from movementRecorded events (a new movement first, a changed one in place); and the full
// record of the ones a person opens.
import { computed, onScopeDispose, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError, MovementRecord, MovementView } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { useConnectionStore } from '../connection/connection-store';
import { scopeToActiveProfile } from '../profiles/profile-scope';
import { useProfilesStore } from '../profiles/profiles-store';
import { movementRows, upsertMovement, type MovementRow } from './movement-rows';

export const MOVEMENTS_LIMIT = 50;

export interface Movements {
  rows: ComputedRef<MovementRow[]>;
  /** True until the first answer for the current filter. */
  loading: Ref<boolean>;
  error: Ref<AppError | null>;
  load: () => Promise<void>;
}

/** `currency`: only that currency's movements; null for all. */
export function useMovements(currency: () => string | null): Movements {
  const { api } = useBridge();
  const connection = useConnectionStore();
  const profiles = useProfilesStore();
  const list = ref<MovementView[]>([]);
  const loading = ref(true);
  const error = ref<AppError | null>(null);
  let asked = 0;
  // Another profile's movements are gone the moment it stops being active, not when the next list arrives.
  scopeToActiveProfile(() => {
    list.value = [];
    error.value = null;
    loading.value = true;
  });

  async function load(): Promise<void> {
    const ticket = ++asked;
    const code = currency();
    loading.value = true;
    const result = await api.listMovements(code === null ? { limit: MOVEMENTS_LIMIT } : { currency: code, limit: MOVEMENTS_LIMIT });
    if (ticket !== asked) return; // a newer filter's answer is on its way
    loading.value = false;
    if (result.ok) {
      list.value = result.value.reduce<MovementView[]>((all, movement) => upsertMovement(all, movement, MOVEMENTS_LIMIT), []);
      error.value = null;
    } else {
      error.value = result.error;
    }
  }

  const stop = api.on('movementRecorded', ({ profileId, movement }) => {
    if (profiles.activeProfileId !== null && profileId !== profiles.activeProfileId) return;
    const code = currency();
    if (code !== null && movement.currency !== code) return;
    list.value = upsertMovement(list.value, movement, MOVEMENTS_LIMIT);
  });
  onScopeDispose(stop);

  watch(
    [() => connection.transport.kind, () => profiles.activeProfileId, currency],
    ([kind]) => {
      if (kind === 'ready') void load();
    },
    { immediate: true },
  );

  return { rows: computed(() => movementRows(list.value)), loading, error, load };
}

export type RecordState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; records: MovementRecord[] }
  | { state: 'error'; error: AppError };

export interface MovementRecords {
  record: Ref<RecordState>;
  /** Reads the full record of each id (a conversion has two). */
  open: (ids: readonly string[]) => Promise<void>;
  close: () => void;
}

export function useMovementRecords(): MovementRecords {
  const { api } = useBridge();
  const record = ref<RecordState>({ state: 'idle' });
  let asked = 0;

  async function open(ids: readonly string[]): Promise<void> {
    const ticket = ++asked;
    record.value = { state: 'loading' };
    const results = await Promise.all(ids.map((id) => api.getMovement({ id })));
    if (ticket !== asked) return; // another row was opened meanwhile
    const failed = results.find((result) => !result.ok);
    if (failed && !failed.ok) {
      record.value = { state: 'error', error: failed.error };
      return;
    }
    record.value = { state: 'ready', records: results.flatMap((result) => (result.ok ? [result.value] : [])) };
  }

  function close(): void {
    asked += 1;
    record.value = { state: 'idle' };
  }

  return { record, open, close };
}
