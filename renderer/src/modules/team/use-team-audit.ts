// The team's audit chain as this desk verified it, newest first: read when a member's Settings
// shows it and again whenever the team's status changes (a new entry, another desk's or this one's).
import { ref, watch, type Ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { TeamAuditEntryView } from '../../../../preload/contract/team';
import { useBridge } from '../../bridge-key';
import { useTeamStore } from './team-store';

/** Entries shown at most: the newest; the whole chain is in each desk's store. */
export const AUDIT_LIMIT = 200;

export interface TeamAudit {
  entries: Ref<TeamAuditEntryView[]>;
  error: Ref<AppError | null>;
  loading: Ref<boolean>;
  load: () => Promise<void>;
}

export function useTeamAudit(): TeamAudit {
  const { api } = useBridge();
  const store = useTeamStore();
  const entries = ref<TeamAuditEntryView[]>([]);
  const error = ref<AppError | null>(null);
  const loading = ref(false);
  let asked = 0;

  async function load(): Promise<void> {
    const ticket = ++asked;
    loading.value = true;
    const result = await api.getTeamAudit({ limit: AUDIT_LIMIT });
    if (ticket !== asked) return; // a newer read is on its way
    loading.value = false;
    if (result.ok) {
      entries.value = result.value;
      error.value = null;
    } else {
      error.value = result.error;
    }
  }

  watch(
    () => store.status,
    (status) => {
      if (status?.state === 'member') void load();
    },
    { immediate: true },
  );
  return { entries, error, loading, load };
}
