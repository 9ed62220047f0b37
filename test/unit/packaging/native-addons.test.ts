// Which native build each runtime loads: under Node the packages' own builds (what npm installed),
// under Electron the side-by-side builds for Electron's ABI, found from the app's root both in the
// project and in a packaged app.asar. The chosen file is then really loaded by better-sqlite3.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  currentNativeAddonFile,
  electronBuildFolder,
  findAppRoot,
  nativeAddonFile,
  shareSqliteBinding,
  sqliteNativeBinding,
  type NativeRuntime,
} from '../../../main/native/native-addons';
import { openDatabase } from '../../../main/sandbox/db/open';
import { openSqlite } from '../../../main/db/sqlite';

const ROOT = resolve(__dirname, '../../..');
const ELECTRON_ABI = readFileSync(join(ROOT, 'node_modules/electron/abi_version'), 'utf8').trim();
const electron: NativeRuntime = { versions: { electron: '41.7.1', modules: ELECTRON_ABI }, platform: 'linux', arch: 'x64' };
const node: NativeRuntime = { versions: { modules: process.versions.modules }, platform: 'linux', arch: 'x64' };
const scratch = mkdtempSync(join(tmpdir(), 'coffer-native-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the native build a runtime loads', () => {
  it('is the package’s own under Node', () => {
    expect(electronBuildFolder(node)).toBeNull();
    expect(nativeAddonFile('better_sqlite3', node, ROOT)).toBeUndefined();
    expect(nativeAddonFile('keytar', node, ROOT)).toBeUndefined();
    // This test runs under Node: nothing is redirected, whatever process.versions.modules is.
    expect(currentNativeAddonFile('better_sqlite3')).toBeUndefined();
    expect(currentNativeAddonFile('keytar')).toBeUndefined();
  });

  it('is the Electron build for Electron’s ABI and the machine under Electron', () => {
    expect(electronBuildFolder(electron)).toBe(`electron-${ELECTRON_ABI}-linux-x64`);
    expect(electronBuildFolder({ ...electron, platform: 'win32', arch: 'arm64' })).toBe(`electron-${ELECTRON_ABI}-win32-arm64`);
    expect(nativeAddonFile('better_sqlite3', electron, '/opt/Coffer/resources/app.asar')).toBe(
      `/opt/Coffer/resources/app.asar/native/electron-${ELECTRON_ABI}-linux-x64/better_sqlite3.node`,
    );
    expect(nativeAddonFile('keytar', electron, ROOT)).toBe(join(ROOT, 'native', `electron-${ELECTRON_ABI}-linux-x64`, 'keytar.node'));
  });

  it('takes the app’s root from the nearest package.json, built chunk or packaged', () => {
    expect(findAppRoot(join(ROOT, 'out/main/chunks'))).toBe(ROOT);
    const asar = '/opt/Coffer/resources/app.asar';
    const inAsar = (path: string) => path === `${asar}/package.json`;
    expect(findAppRoot(`${asar}/out/main/chunks`, inAsar)).toBe(asar);
    expect(findAppRoot('/nowhere/at/all', () => false)).toBe('/nowhere/at/all');
  });

  it('gives SQLite the binding asked for, else COFFER_SQLITE_BINDING, else none under Node', () => {
    expect(sqliteNativeBinding('/given.node', { COFFER_SQLITE_BINDING: '/env.node' })).toBe('/given.node');
    expect(sqliteNativeBinding(undefined, { COFFER_SQLITE_BINDING: '/env.node' })).toBe('/env.node');
    expect(sqliteNativeBinding(undefined, { COFFER_SQLITE_BINDING: '' })).toBeUndefined();
    expect(sqliteNativeBinding(undefined, {})).toBeUndefined();
  });

  it('is shared through COFFER_SQLITE_BINDING with code that shares nothing with the app, under Electron only', () => {
    const underNode: NodeJS.ProcessEnv = {};
    shareSqliteBinding(underNode, node);
    expect(underNode).toEqual({});
    const underElectron: NodeJS.ProcessEnv = {};
    shareSqliteBinding(underElectron, electron);
    expect(underElectron.COFFER_SQLITE_BINDING).toBe(nativeAddonFile('better_sqlite3', electron, ROOT));
    const chosenByUser: NodeJS.ProcessEnv = { COFFER_SQLITE_BINDING: '/mine.node' };
    shareSqliteBinding(chosenByUser, electron);
    expect(chosenByUser).toEqual({ COFFER_SQLITE_BINDING: '/mine.node' });
  });

  it('is a file better-sqlite3 loads from the side-by-side folder', () => {
    // A stand-in "Electron" of this Node's ABI, so the copied Node build is the right one to load.
    const sameAbi: NativeRuntime = { versions: { electron: 'test', modules: process.versions.modules }, platform: process.platform, arch: process.arch };
    const file = nativeAddonFile('better_sqlite3', sameAbi, scratch) ?? '';
    mkdirSync(dirname(file), { recursive: true });
    const nodeBuild = createRequire(__filename).resolve('better-sqlite3/build/Release/better_sqlite3.node');
    copyFileSync(nodeBuild, file);
    const db = new Database(':memory:', { nativeBinding: file });
    expect(db.prepare('select 6 * 7 as answer').get()).toEqual({ answer: 42 });
    db.close();
  });

  it('is the one COFFER_SQLITE_BINDING names for the app’s files and the sandbox’s alike', () => {
    const missing = join(scratch, 'electron-build-missing', 'better_sqlite3.node');
    const before = process.env.COFFER_SQLITE_BINDING;
    process.env.COFFER_SQLITE_BINDING = missing;
    try {
      expect(() => openSqlite(':memory:', { migrations: [] })).toThrow(/electron-build-missing/);
      expect(() => openDatabase(':memory:')).toThrow(/electron-build-missing/);
    } finally {
      if (before === undefined) delete process.env.COFFER_SQLITE_BINDING;
      else process.env.COFFER_SQLITE_BINDING = before;
    }
  });
});
