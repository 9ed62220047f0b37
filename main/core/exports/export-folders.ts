// Where the app may write an export: Coffer's export folder (the settings' choice, else
// COFFER_EXPORT_DIR, else <data dir>/exports), and folders the user chose in the desktop app's own
// folder dialog during this run. A page names a folder only as one of those: anything else is
// refused with one message, before the file system is asked anything, so a page can neither write
// where the user did not choose nor learn which paths exist. The command line is the user's own
// choice and takes any folder (exportFolder in export-job.ts).
import { mkdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ExportFolderChoices } from '../../../preload/contract/history';
import { SETTING_KEYS, type SettingsRepo } from '../../db/settings-repo';
import { AppFailure } from '../app-error';

export const EXPORT_DIR_ENV = 'COFFER_EXPORT_DIR';

export const NOT_CHOSEN = 'Exports are written to Coffer’s export folder or to a folder chosen with “Choose folder…”';

/** The native folder dialog: the folder picked, or null when the user cancelled. */
export type FolderDialog = () => Promise<string | null>;

export interface ExportFoldersDeps {
  dataDir: string;
  settings: Pick<SettingsRepo, 'get'>;
  env?: Readonly<Record<string, string | undefined>>;
  /** Present only where there is a desktop window to show it on. */
  chooseFolder?: FolderDialog;
}

export interface ExportFolders {
  /** The default folder, the folders chosen this run, and whether a dialog can choose more. */
  choices(): ExportFolderChoices;
  /** Shows the dialog; the folder picked is granted and returned (null: cancelled). */
  choose(): Promise<string | null>;
  /** The folder to write to for a request's `folder` (absent: the default, made when missing). */
  resolve(asked: string | undefined): Promise<string>;
}

/** Coffer's export folder: the settings' folder, else COFFER_EXPORT_DIR, else <data dir>/exports. */
export function defaultExportFolder(fromSettings: string | null, dataDir: string, env: ExportFoldersDeps['env'] = process.env): string {
  return resolve(fromSettings ?? (env[EXPORT_DIR_ENV] || join(dataDir, 'exports')));
}

export function createExportFolders(deps: ExportFoldersDeps): ExportFolders {
  const granted = new Set<string>();
  const defaultFolder = () => defaultExportFolder(deps.settings.get(SETTING_KEYS.exportFolder), deps.dataDir, deps.env);
  return {
    choices: () => ({ defaultFolder: defaultFolder(), chosen: [...granted], canChoose: deps.chooseFolder !== undefined }),
    async choose() {
      if (deps.chooseFolder === undefined) {
        throw new AppFailure('NO_FOLDER_DIALOG', `Choosing a folder needs the desktop app: here exports are written to ${defaultFolder()}`);
      }
      const picked = await deps.chooseFolder();
      if (picked === null) return null;
      const folder = resolve(picked);
      granted.add(folder);
      return folder;
    },
    async resolve(asked) {
      const fallback = defaultFolder();
      const folder = asked === undefined ? fallback : resolve(asked);
      if (folder === fallback) {
        await mkdir(folder, { recursive: true });
        return folder;
      }
      if (!granted.has(folder)) throw new AppFailure('VALIDATION', NOT_CHOSEN, 'folder');
      const found = await stat(folder).catch(() => null);
      if (found === null || !found.isDirectory()) throw new AppFailure('VALIDATION', `The folder you chose, ${folder}, is no longer there: choose it again`, 'folder');
      return folder;
    },
  };
}
