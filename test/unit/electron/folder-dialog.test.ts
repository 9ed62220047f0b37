// The export folder dialog over the focused window: a folder only (created there if need be), the
// path picked, or null when the user cancels.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const focused = { id: 'main-window' };
const showOpenDialog = vi.fn();
vi.mock('electron', () => ({
  BrowserWindow: { getFocusedWindow: () => focused, getAllWindows: () => [focused] },
  dialog: { showOpenDialog },
}));

const { chooseFolderInDialog } = await import('../../../main/electron/folder-dialog');

describe('the export folder dialog', () => {
  beforeEach(() => showOpenDialog.mockReset());

  it('asks for a folder over the focused window and gives the one picked', async () => {
    showOpenDialog.mockResolvedValue({ canceled: false, filePaths: ['/home/ana/Audit'] });
    expect(await chooseFolderInDialog()).toBe('/home/ana/Audit');
    const [window, options] = showOpenDialog.mock.calls[0] as [unknown, { properties: string[] }];
    expect(window).toBe(focused);
    expect(options.properties).toEqual(['openDirectory', 'createDirectory']);
  });

  it('gives null when the user cancels', async () => {
    showOpenDialog.mockResolvedValue({ canceled: true, filePaths: [] });
    expect(await chooseFolderInDialog()).toBeNull();
  });
});
