// The web host's cache of compiled code: modules loaded while it is on behave as Node's own, and
// a launch that finds the cache of the same file and content compiles with it.
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { enableCompileCache } from '../../../main/host/compile-cache';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A module requiring a neighbour by a relative path and resolving a built-in, as bundled chunks do. */
function writeModules(): string {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-compile-cache-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'neighbour.js'), 'exports.sum = (a, b) => a + b;\n');
  writeFileSync(
    join(dir, 'entry.js'),
    "const { sum } = require('./neighbour.js');\nexports.answer = () => sum(40, 2);\nexports.where = __filename;\nexports.resolved = require.resolve('./neighbour.js');\n",
  );
  return dir;
}

function loadFresh(dir: string): { answer(): number; where: string; resolved: string } {
  const require = createRequire(join(dir, 'entry.js'));
  for (const name of ['entry.js', 'neighbour.js']) delete require.cache[join(dir, name)];
  return require('./entry.js') as { answer(): number; where: string; resolved: string };
}

describe('enableCompileCache', () => {
  it('loads modules as Node does and writes their compiled code once saved', () => {
    const dir = writeModules();
    const cacheDir = join(dir, 'cache');
    const cache = enableCompileCache(cacheDir);
    const loaded = loadFresh(dir);
    cache.save();
    expect(loaded.answer()).toBe(42);
    expect(loaded.where).toBe(join(dir, 'entry.js'));
    expect(loaded.resolved).toBe(join(dir, 'neighbour.js'));
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });

  it('reuses the cache on the next launch and writes nothing new; a damaged cache only costs a compile', () => {
    const dir = writeModules();
    const cacheDir = join(dir, 'cache');
    const first = enableCompileCache(cacheDir);
    loadFresh(dir);
    first.save();
    const written = readdirSync(cacheDir);
    const longAgo = new Date('2020-01-01T00:00:00Z');
    for (const file of written) utimesSync(join(cacheDir, file), longAgo, longAgo);
    const again = enableCompileCache(cacheDir);
    expect(loadFresh(dir).answer()).toBe(42);
    again.save();
    expect(readdirSync(cacheDir)).toEqual(written);
    // Accepted as it was: not written again.
    for (const file of written) expect(statSync(join(cacheDir, file)).mtime).toEqual(longAgo);
    for (const file of written) writeFileSync(join(cacheDir, file), 'not code');
    const damaged = enableCompileCache(cacheDir);
    expect(loadFresh(dir).answer()).toBe(42);
    damaged.save();
  });

  it('stops caching once saved', () => {
    const dir = writeModules();
    const cacheDir = join(dir, 'cache');
    enableCompileCache(cacheDir).save();
    loadFresh(dir);
    expect(() => readdirSync(cacheDir)).not.toThrow();
    expect(readdirSync(cacheDir)).toHaveLength(0);
  });
});
