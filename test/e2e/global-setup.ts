// Make sure out/ holds a build of the current sources before any spec starts the web host.
// `npm test` builds first, so this is usually a no-op; it matters for `npx playwright test` alone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const SOURCES = ['main', 'preload', 'renderer', 'electron.vite.config.ts'];
const OUTPUTS = ['out/main/host.js', 'out/renderer/index.html'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
}

function buildIsCurrent(): boolean {
  const outputs = OUTPUTS.map((file) => join(ROOT, file));
  if (!outputs.every((file) => existsSync(file))) return false;
  const oldestOutput = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return SOURCES.every((source) => newestMtime(join(ROOT, source)) <= oldestOutput);
}

export default function globalSetup(): void {
  if (buildIsCurrent()) return;
  console.log('[e2e] out/ is missing or older than the sources: running electron-vite build');
  const result = spawnSync(join(ROOT, 'node_modules/.bin/electron-vite'), ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('electron-vite build failed; the e2e suite needs out/main/host.js');
}
