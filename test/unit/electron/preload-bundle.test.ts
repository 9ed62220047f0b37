// A sandboxed preload can require nothing but electron. The built preload must therefore carry
// the contract (names and schemas) inside it; a require() of anything else would fail only when
// Electron loads the page. Reads the build that `npm test` makes before it runs the tests.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../../preload/contract';

const BUILT_PRELOAD = join(__dirname, '../../../out/preload/index.js');

describe('the built preload', () => {
  it('requires electron and nothing else', () => {
    expect(existsSync(BUILT_PRELOAD), 'run `npx electron-vite build` first').toBe(true);
    const code = readFileSync(BUILT_PRELOAD, 'utf8');
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);
    expect([...new Set(required)]).toEqual(['electron']);
  });

  it('names every operation of the contract', () => {
    const code = readFileSync(BUILT_PRELOAD, 'utf8');
    const missing = OPERATION_NAMES.filter((op) => !code.includes(op));
    expect(missing).toEqual([]);
  });
});
