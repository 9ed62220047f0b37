// Where a page may have an export written: Coffer's export folder, or a folder the user chose in
// the desktop app's dialog. Anything else is refused with the same words whether it exists, is a
// file, or is nowhere, so a page learns nothing of the disk; the browser has no dialog to offer.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createExportFolders, EXPORT_DIR_ENV, NOT_CHOSEN } from '../../../main/core/exports/export-folders';

const root = mkdtempSync(join(tmpdir(), 'coffer-export-folders-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const noSettings = { get: () => null };

async function failureOf(promise: Promise<unknown>): Promise<{ name: string; code: string; message: string; field?: string }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown as { name: string; code: string; message: string; field?: string },
  );
  if (error === null) throw new Error('expected a refusal');
  return { name: error.name, code: error.code, message: error.message, field: error.field };
}

describe('export folders', () => {
  it('writes to <data dir>/exports by default, making it, and takes that folder named outright', async () => {
    const dataDir = join(root, 'data-default');
    const folders = createExportFolders({ dataDir, settings: noSettings, env: {} });
    expect(await folders.resolve(undefined)).toBe(join(dataDir, 'exports'));
    expect(await folders.resolve(`${join(dataDir, 'exports')}/`)).toBe(join(dataDir, 'exports'));
    expect(folders.choices()).toEqual({ defaultFolder: join(dataDir, 'exports'), chosen: [], canChoose: false });
  });

  it('takes the configured folder from COFFER_EXPORT_DIR, and the settings\' folder over it', async () => {
    const configured = join(root, 'configured');
    const fromEnv = createExportFolders({ dataDir: root, settings: noSettings, env: { [EXPORT_DIR_ENV]: configured } });
    expect(await fromEnv.resolve(configured)).toBe(configured);
    const fromSettings = createExportFolders({ dataDir: root, settings: { get: () => join(root, 'settings-folder') }, env: { [EXPORT_DIR_ENV]: configured } });
    expect(fromSettings.choices().defaultFolder).toBe(join(root, 'settings-folder'));
    expect(await failureOf(fromSettings.resolve(configured))).toMatchObject({ code: 'VALIDATION', field: 'folder' });
  });

  it('refuses any other folder with the same error whether it exists, is a file or is nowhere', async () => {
    const folders = createExportFolders({ dataDir: join(root, 'data-foreign'), settings: noSettings, env: {} });
    const existing = join(root, 'someone-elses');
    mkdirSync(existing);
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    const refusals = await Promise.all([existing, join(root, 'nowhere'), file, '/etc', 'relative/path', root].map((folder) => failureOf(folders.resolve(folder))));
    for (const refusal of refusals) expect(refusal).toEqual({ name: 'AppFailure', code: 'VALIDATION', message: NOT_CHOSEN, field: 'folder' });
  });

  it('takes a folder the user chose in the dialog, and says so plainly when it has gone since', async () => {
    const chosen = join(root, 'chosen');
    mkdirSync(chosen);
    const picks: Array<string | null> = [null, `${chosen}/`];
    const folders = createExportFolders({ dataDir: join(root, 'data-chosen'), settings: noSettings, env: {}, chooseFolder: async () => picks.shift() ?? null });
    expect(await folders.choose()).toBeNull();
    expect(await failureOf(folders.resolve(chosen))).toMatchObject({ message: NOT_CHOSEN });
    expect(await folders.choose()).toBe(chosen);
    expect(folders.choices()).toMatchObject({ chosen: [chosen], canChoose: true });
    expect(await folders.resolve(chosen)).toBe(chosen);
    rmSync(chosen, { recursive: true });
    expect(await failureOf(folders.resolve(chosen))).toMatchObject({ field: 'folder', message: `The folder you chose, ${chosen}, is no longer there: choose it again` });
  });

  it('has no dialog to show in the browser, and says where exports go instead', async () => {
    const dataDir = join(root, 'data-web');
    const folders = createExportFolders({ dataDir, settings: noSettings, env: {} });
    expect(await failureOf(folders.choose())).toMatchObject({ code: 'NO_FOLDER_DIALOG', message: `Choosing a folder needs the desktop app: here exports are written to ${join(dataDir, 'exports')}` });
  });
});
