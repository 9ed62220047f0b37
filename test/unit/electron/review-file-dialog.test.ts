// The review file dialog over the focused window: one .zip file, its path picked (main reads the
// file itself, the page never holds it), or null when the user cancels.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const focused = { id: 'main-window' };
const showOpenDialog = vi.fn();
vi.mock('electron', () => ({
  BrowserWindow: { getFocusedWindow: () => focused, getAllWindows: () => [focused] },
  dialog: { showOpenDialog },
}));

const { chooseReviewFileInDialog } = await import('../../../main/electron/review-file-dialog');

describe('the review file dialog', () => {
  beforeEach(() => showOpenDialog.mockReset());

  it('asks for one export file over the focused window and gives its path', async () => {
    showOpenDialog.mockResolvedValue({ canceled: false, filePaths: ['/home/ana/coffer-desk-20260301-csv.zip'] });
    expect(await chooseReviewFileInDialog()).toBe('/home/ana/coffer-desk-20260301-csv.zip');
    const [window, options] = showOpenDialog.mock.calls[0] as [unknown, { properties: string[]; filters: Array<{ extensions: string[] }> }];
    expect(window).toBe(focused);
    expect(options.properties).toEqual(['openFile']);
    expect(options.filters.flatMap((filter) => filter.extensions)).toEqual(['zip']);
  });

  it('gives null when the user cancels', async () => {
    showOpenDialog.mockResolvedValue({ canceled: true, filePaths: [] });
    expect(await chooseReviewFileInDialog()).toBeNull();
  });
});
