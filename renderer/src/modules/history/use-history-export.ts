// Running one export: the request from the dialog, progress from historyExportProgress while main
// writes, then its result, or the failure on the field it names (folder, format) or in general.
import { onScopeDispose, shallowRef, type Ref } from 'vue';
import type { ExportFormat, HistoryFilter } from '../../../../preload/contract/history';
import { useBridge } from '../../bridge-key';
import { useProfilesStore } from '../profiles/profiles-store';
import { useSignedExport, withFolder, type SignedExport } from '../shell/use-signed-export';
import type { ExportProgress } from './export-words';

export interface HistoryExport extends SignedExport<{ filter: HistoryFilter; format: ExportFormat; valuationCurrency?: string }> {
  progress: Ref<ExportProgress | null>;
}

/** The request as sent: an empty folder is left out (main then uses the default and reports it). */
export function exportRequest(request: { filter: HistoryFilter; format: ExportFormat; valuationCurrency?: string; folder: string }) {
  return withFolder<{ filter: HistoryFilter; format: ExportFormat; valuationCurrency?: string }>(request);
}

export function useHistoryExport(): HistoryExport {
  const { api } = useBridge();
  const profiles = useProfilesStore();
  const progress = shallowRef<ExportProgress | null>(null);
  const work = useSignedExport<{ filter: HistoryFilter; format: ExportFormat; valuationCurrency?: string }>(
    (request) => api.exportHistory(request),
    () => (progress.value = null),
  );
  const stop = api.on('historyExportProgress', ({ profileId, done, total, phase }) => {
    if (work.running.value && profileId === profiles.activeProfileId) progress.value = { done, total, phase };
  });
  onScopeDispose(stop);
  return { ...work, progress };
}
