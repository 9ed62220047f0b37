// Audit log work: a page of entries for the filter, the CSV export, and the chain check. State
// lives in the component (nothing else shows the log).
import { ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { AuditEntry, AuditVerification } from '../../../../preload/contract/audit';
import { useBridge } from '../../bridge-key';
import { downloadText } from './csv-download';
import { toAuditFilter, toExportFilter, type AuditFilterForm } from './audit-filter';

export function useAudit() {
  const { api } = useBridge();
  const entries = ref<AuditEntry[]>([]);
  const total = ref(0);
  const loading = ref(false);
  const error = ref<AppError | null>(null);
  const verification = ref<AuditVerification | null>(null);
  const verifying = ref(false);
  const exporting = ref(false);
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
    exporting.value = true;
    const result = await api.exportAuditCsv(toExportFilter(form));
    exporting.value = false;
    if (!result.ok) return result.error;
    downloadText(result.value.fileName, result.value.csv);
    return null;
  }

  async function verify(): Promise<void> {
    verifying.value = true;
    const result = await api.verifyAudit();
    verifying.value = false;
    if (result.ok) verification.value = result.value;
    else error.value = result.error;
  }

  return { entries, total, loading, error, verification, verifying, exporting, load, exportCsv, verify };
}
