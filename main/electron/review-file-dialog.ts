// The desktop app's file dialog for review: main reads the export the user picks here, so its
// bytes never pass through the page.
import { BrowserWindow, dialog, type OpenDialogOptions } from 'electron';

const OPTIONS: OpenDialogOptions = {
  title: 'Open an export to review',
  buttonLabel: 'Review',
  properties: ['openFile'],
  filters: [{ name: 'Coffer export', extensions: ['zip'] }],
};

/** Shows the dialog over the focused window; the file picked, or null when cancelled. */
export async function chooseReviewFileInDialog(): Promise<string | null> {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const picked = window === undefined ? await dialog.showOpenDialog(OPTIONS) : await dialog.showOpenDialog(window, OPTIONS);
  return picked.canceled ? null : (picked.filePaths[0] ?? null);
}
