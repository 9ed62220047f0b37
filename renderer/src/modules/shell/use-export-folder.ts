// Where a signed export goes: Coffer's export folder, or a folder the user chooses in the desktop
// app's folder dialog (main only takes a folder chosen there; the browser has no dialog, so there
// the export folder is the only one). The folder last chosen is offered again when a dialog opens.
import { computed, shallowRef, type ComputedRef, type Ref } from 'vue';
import type { ExportFolderChoices } from '../../../../preload/contract/history';
import { appErrorText } from '../../../../preload/contract/result';
import { useBridge } from '../../bridge-key';

export interface ExportFolder {
  choices: Ref<ExportFolderChoices | null>;
  /** A folder chosen in the dialog; null: Coffer's export folder. */
  chosen: Ref<string | null>;
  /** The folder the file will be written to, as shown (null until main has said). */
  target: ComputedRef<string | null>;
  /** What the export request names: '' for Coffer's export folder (left out of the request). */
  requestFolder: ComputedRef<string>;
  choosing: Ref<boolean>;
  error: Ref<string | null>;
  load(): Promise<void>;
  choose(): Promise<void>;
  useDefault(): void;
}

export function useExportFolder(): ExportFolder {
  const { api } = useBridge();
  const choices = shallowRef<ExportFolderChoices | null>(null);
  const chosen = shallowRef<string | null>(null);
  const choosing = shallowRef(false);
  const error = shallowRef<string | null>(null);

  async function load(): Promise<void> {
    const answer = await api.exportFolders();
    if (!answer.ok) {
      error.value = appErrorText(answer.error);
      return;
    }
    choices.value = answer.value;
    error.value = null;
    chosen.value = answer.value.chosen.at(-1) ?? null;
  }

  async function choose(): Promise<void> {
    if (choosing.value) return;
    choosing.value = true;
    try {
      const answer = await api.chooseExportFolder();
      if (!answer.ok) {
        error.value = appErrorText(answer.error);
        return;
      }
      error.value = null;
      if (answer.value.folder !== null) chosen.value = answer.value.folder;
    } finally {
      choosing.value = false;
    }
  }

  return {
    choices,
    chosen,
    target: computed(() => chosen.value ?? choices.value?.defaultFolder ?? null),
    requestFolder: computed(() => chosen.value ?? ''),
    choosing,
    error,
    load,
    choose,
    useDefault: () => (chosen.value = null),
  };
}
