#!/usr/bin/env node
// `npm start`: install what is missing (scripts/ensure-deps.mjs), build when out/ is missing or
// older than the sources, then launch the Electron app when its binary is installed, otherwise
// say why in one line and run the web host (which opens the default browser unless
// COFFER_NO_BROWSER=1).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** The Electron binary's path, or the reason there is none. */
function findElectron() {
  const pathFile = join(root, 'node_modules/electron/path.txt');
  if (!existsSync(join(root, 'node_modules/electron'))) return { reason: 'the electron package is not installed' };
  if (!existsSync(pathFile)) return { reason: 'its binary was never downloaded: node_modules/electron/path.txt is missing' };
  const binary = join(root, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? { binary } : { reason: `${binary} is missing` };
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
const electron = findElectron();
if (electron.binary) {
  run(electron.binary, [root]);
} else {
  console.log(`Electron is not installed on this machine (${electron.reason}); opening Coffer in your browser instead`);
  run(process.execPath, [join(root, 'out/main/host.js')]);
}
