// useExportFolder with a stand-in bridge: Coffer's export folder until the user chooses another in
// the desktop app's dialog (the request then names it; otherwise it names none), the folder last
// chosen offered again, a cancelled dialog changing nothing, and the browser's refusal in main's words.
import { describe, expect, it } from 'vitest';
import type { ExportFolderChoices } from '../../../../preload/contract/history';
import { fail, ok } from '../../../../preload/contract/result';
import { useExportFolder } from '../../../../renderer/src/modules/shell/use-export-folder';
import { fakeBridge, settle, withSetup } from '../fake-bridge';

const desktop: ExportFolderChoices = { defaultFolder: '/home/ana/.config/Coffer/exports', chosen: [], canChoose: true };

describe('useExportFolder', () => {
  it('writes to Coffer’s export folder until a folder is chosen, then names the chosen one', async () => {
    const picks: Array<string | null> = [null, '/home/ana/Audit 2026'];
    const fake = fakeBridge({ exportFolders: () => ok(desktop), chooseExportFolder: () => ok({ folder: picks.shift() ?? null }) });
    const { result: folder } = withSetup(fake.bridge, () => useExportFolder());
    await folder.load();
    expect([folder.target.value, folder.requestFolder.value]).toEqual(['/home/ana/.config/Coffer/exports', '']);
    await folder.choose();
    expect([folder.target.value, folder.requestFolder.value]).toEqual(['/home/ana/.config/Coffer/exports', '']);
    await folder.choose();
    expect([folder.target.value, folder.requestFolder.value]).toEqual(['/home/ana/Audit 2026', '/home/ana/Audit 2026']);
    folder.useDefault();
    expect(folder.requestFolder.value).toBe('');
  });

  it('offers the folder chosen last when it opens again', async () => {
    const fake = fakeBridge({ exportFolders: () => ok({ ...desktop, chosen: ['/a', '/b'] }) });
    const { result: folder } = withSetup(fake.bridge, () => useExportFolder());
    await folder.load();
    await settle();
    expect([folder.chosen.value, folder.requestFolder.value]).toEqual(['/b', '/b']);
  });

  it('keeps Coffer’s export folder in the browser and shows main’s refusal of the dialog', async () => {
    const fake = fakeBridge({
      exportFolders: () => ok({ ...desktop, canChoose: false }),
      chooseExportFolder: () => fail('NO_FOLDER_DIALOG', 'Choosing a folder needs the desktop app'),
    });
    const { result: folder } = withSetup(fake.bridge, () => useExportFolder());
    await folder.load();
    await folder.choose();
    expect(folder.error.value).toBe('Choosing a folder needs the desktop app (NO_FOLDER_DIALOG)');
    expect([folder.target.value, folder.requestFolder.value]).toEqual(['/home/ana/.config/Coffer/exports', '']);
  });
});
