// The desktop app's folder dialog, the one way a folder outside Coffer's own export folder is
// granted for exports: the page asks main to show it, and only what the user picks here counts.
import { BrowserWindow, dialog, type OpenDialogOptions } from 'electron';

const OPTIONS: OpenDialogOptions = {
  title: 'Choose the folder for exports',
  buttonLabel: 'Choose folder',
  properties: ['openDirectory', 'createDirectory'],
};

/** Shows the dialog over the focused window; the folder picked, or null when cancelled. */
export async function chooseFolderInDialog(): Promise<string | null> {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const picked = window === undefined ? await dialog.showOpenDialog(OPTIONS) : await dialog.showOpenDialog(window, OPTIONS);
  return picked.canceled ? null : (picked.filePaths[0] ?? null);
}
