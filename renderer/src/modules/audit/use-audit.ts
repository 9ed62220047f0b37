// Audit log work: a page of entries for the filter, the CSV export and the chain check. The two
// long tasks run one at a time, each with its real progress; state lives in the component
// (nothing else shows the log).
import { computed, onScopeDispose, ref, type ComputedRef, type Ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { AuditEntry, AuditVerification } from '../../../../preload/contract/audit';
import { useBridge } from '../../bridge-key';
import { auditFileName, collectAuditCsv } from './audit-export';
import { downloadText } from './csv-download';
import { toAuditFilter, toExportFilter, type AuditFilterForm } from './audit-filter';

export type AuditTaskKind = 'verify' | 'export';

export interface AuditTask {
  kind: AuditTaskKind;
  done: number;
  /** Null until main has counted what the task covers. */
  total: number | null;
}

export interface AuditExported {
  fileName: string;
  count: number;
  length: number;
}

export interface AuditLog {
  entries: Ref<AuditEntry[]>;
  /** How many entries match the filter (the page holds at most one page of them). */
  total: Ref<number>;
  loading: Ref<boolean>;
  error: Ref<AppError | null>;
  verification: Ref<AuditVerification | null>;
  exported: Ref<AuditExported | null>;
  task: Ref<AuditTask | null>;
  busy: ComputedRef<boolean>;
  load: (form: AuditFilterForm) => Promise<void>;
  /** Null when exported (or when another task runs), else why not. */
  exportCsv: (form: AuditFilterForm) => Promise<AppError | null>;
  verify: () => Promise<void>;
}

export function useAudit(): AuditLog {
  const { api } = useBridge();
  const entries = ref<AuditEntry[]>([]);
  const total = ref(0);
  const loading = ref(false);
  const error = ref<AppError | null>(null);
  const verification = ref<AuditVerification | null>(null);
  const exported = ref<AuditExported | null>(null);
  const task = ref<AuditTask | null>(null);
  const busy = computed(() => task.value !== null);
  let latest = 0;

  async function load(form: AuditFilterForm): Promise<void> {
    const call = ++latest;
    loading.value = true;
    const result = await api.listAudit(toAuditFilter(form));
    if (call !== latest) return; // a newer filter is loading
    loading.value = false;
    if (result.ok) {
      entries.value = result.value.entries;
      total.value = result.value.total;
      error.value = null;
    } else {
      error.value = result.error;
    }
  }

  async function exportCsv(form: AuditFilterForm): Promise<AppError | null> {
    if (task.value) return null;
    task.value = { kind: 'export', done: 0, total: null };
    exported.value = null;
    const fileName = auditFileName(new Date());
    try {
      const result = await collectAuditCsv((request) => api.exportAuditCsvChunk(request), toExportFilter(form), (progress) => {
        task.value = { kind: 'export', ...progress };
      });
      if (!result.ok) return result.error;
      downloadText(fileName, result.value.parts);
      exported.value = { fileName, count: result.value.count, length: result.value.length };
      return null;
    } finally {
      task.value = null;
    }
  }

  async function verify(): Promise<void> {
    if (task.value) return;
    task.value = { kind: 'verify', done: 0, total: null };
    verification.value = null;
    const stop = api.on('auditVerifyProgress', (progress) => {
      if (task.value?.kind === 'verify') task.value = { kind: 'verify', ...progress };
    });
    try {
      const result = await api.verifyAudit();
      if (result.ok) verification.value = result.value;
      else error.value = result.error;
    } finally {
      stop();
      task.value = null;
    }
  }

  return { entries, total, loading, error, verification, exported, task, busy, load, exportCsv, verify };
}

/** Reloads the page of entries whenever the ledger settles a move (each settlement is an entry),
 *  a moment after the last one, for as long as the calling component lives. */
export function useAuditFollowsLedger(reload: () => void): void {
  const { api } = useBridge();
  let pending: ReturnType<typeof setTimeout> | undefined;
  const stop = api.on('pendingMoveUpdated', ({ move }) => {
    if (move.state === 'sending') return; // its attempt is written with the result that follows
    clearTimeout(pending);
    pending = setTimeout(reload, 250);
  });
  onScopeDispose(() => {
    stop();
    clearTimeout(pending);
  });
}
