#!/usr/bin/env node
// `npm start`: install what is missing (scripts/ensure-deps.mjs), build when out/ is missing or
// older than the sources, fetch Electron's binary and build the native modules for it when
// missing (scripts/electron-binary.mjs, scripts/electron-natives.mjs), then open the desktop
// window; where any of that cannot be done, say why in one line and run the web host instead
// (which opens the default browser unless COFFER_NO_BROWSER=1).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserFallbackLine, downloadRefusedByUser, fetchElectron, findElectron } from './electron-binary.mjs';
import { buildElectronNatives, electronNativeDir, installedElectron, missingElectronAddons } from './electron-natives.mjs';
import { ensureDeps } from './ensure-deps.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['main', 'preload', 'renderer', 'resources', 'electron.vite.config.ts', 'package.json'];
const OUTPUTS = ['out/main/index.js', 'out/main/host.js', 'out/preload/index.js', 'out/renderer/index.html'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
}

function buildIsCurrent() {
  const outputs = OUTPUTS.map((file) => join(root, file));
  if (!outputs.every((file) => existsSync(file))) return false;
  const oldestOutput = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return SOURCES.every((source) => newestMtime(join(root, source)) <= oldestOutput);
}

function build() {
  console.log('Building Coffer (electron-vite build)...');
  const result = spawnSync(join(root, 'node_modules/.bin/electron-vite'), ['build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

/**
 * The Electron binary, fetched on first run, with its native builds made on the first run after
 * that; or why the window cannot open here.
 */
async function desktopBinary() {
  if (!existsSync(join(root, 'node_modules/electron/package.json'))) return { reason: 'the electron package is not installed' };
  let electron = findElectron(root);
  if (!electron.binary) {
    if (downloadRefusedByUser(process.env)) return { reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
    console.log(`Downloading Electron ${installedElectron(root).version} for the desktop window...`);
    electron = await fetchElectron(root);
    if (!electron.binary) return electron;
  }
  const nativeDir = electronNativeDir(root, installedElectron(root).abi);
  if (missingElectronAddons(nativeDir).length > 0) {
    console.log('Building better-sqlite3 and keytar for Electron (once)...');
    try {
      await buildElectronNatives(root);
    } catch (error) {
      return { reason: `the native modules could not be built for Electron: ${error instanceof Error ? error.message : error}` };
    }
  }
  return electron;
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

ensureDeps('start');
if (!buildIsCurrent()) build();
const electron = await desktopBinary();
if (electron.binary) {
  run(electron.binary, [root]);
} else {
  console.log(browserFallbackLine(electron.reason));
  run(process.execPath, [join(root, 'out/main/host.js')]);
}
