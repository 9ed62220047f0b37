// Running one export: the request from the dialog, progress from historyExportProgress while main
// writes, then its result, or the failure on the field it names (folder, format) or in general.
import { onScopeDispose, ref, shallowRef, type Ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { ExportFormat, ExportResult, HistoryFilter } from '../../../../preload/contract/history';
import { useBridge } from '../../bridge-key';
import { useProfilesStore } from '../profiles/profiles-store';
import type { ExportProgress } from './export-words';

export interface HistoryExport {
  running: Ref<boolean>;
  progress: Ref<ExportProgress | null>;
  result: Ref<ExportResult | null>;
  /** Errors by the request field they name ('folder', 'format'); the rest under 'general'. */
  errors: Ref<Partial<Record<'folder' | 'format' | 'general', string>>>;
  run(request: { filter: HistoryFilter; format: ExportFormat; folder: string }): Promise<void>;
  reset(): void;
}

/** The request as sent: an empty folder is left out (main then uses the default and reports it). */
export function exportRequest(request: { filter: HistoryFilter; format: ExportFormat; folder: string }) {
  const folder = request.folder.trim();
  return { filter: request.filter, format: request.format, ...(folder === '' ? {} : { folder }) };
}

export function fieldErrors(error: AppError): HistoryExport['errors']['value'] {
  const key = error.field?.split('.')[0];
  if (key === 'folder' || key === 'format') return { [key]: error.message };
  return { general: `${error.message} (${error.code})` };
}

export function useHistoryExport(): HistoryExport {
  const { api } = useBridge();
  const profiles = useProfilesStore();
  const running = ref(false);
  const progress = shallowRef<ExportProgress | null>(null);
  const result = shallowRef<ExportResult | null>(null);
  const errors = ref<HistoryExport['errors']['value']>({});

  const stop = api.on('historyExportProgress', ({ profileId, done, total, phase }) => {
    if (running.value && profileId === profiles.activeProfileId) progress.value = { done, total, phase };
  });
  onScopeDispose(stop);

  return {
    running,
    progress,
    result,
    errors,
    async run(request) {
      if (running.value) return;
      running.value = true;
      progress.value = null;
      result.value = null;
      errors.value = {};
      try {
        const answer = await api.exportHistory(exportRequest(request));
        if (answer.ok) result.value = answer.value;
        else errors.value = fieldErrors(answer.error);
      } finally {
        running.value = false;
      }
    },
    reset() {
      if (running.value) return;
      progress.value = null;
      result.value = null;
      errors.value = {};
    },
  };
}
