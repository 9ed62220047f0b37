// The local import rules on a small project written to a temp folder (cycles, type-only and
// through .vue files and re-exports) and the project's own zones on scratch text.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import { localPlugin } from '../../../eslint/local-plugin.mjs';

const FIXTURE: Record<string, string> = {
  'main/sandbox/types-a.ts': "import type { B } from './types-b';\nexport interface A { b?: B }\n",
  'main/sandbox/types-b.ts': "import type { A } from './types-a';\nexport interface B { a?: A }\n",
  'main/sandbox/leaf.ts': 'export const leaf = 1;\n',
  'main/sandbox/uses-leaf.ts': "import { leaf } from './leaf';\nexport const twice = leaf * 2;\n",
  'main/sandbox/barrel.ts': "export * from './reexported';\n",
  'main/sandbox/reexported.ts': "import { barrelValue } from './barrel-value';\nexport const value = barrelValue;\n",
  'main/sandbox/barrel-value.ts': "import type { value } from './barrel';\nexport const barrelValue = 1 as typeof value;\n",
  'main/sandbox/db/open.ts': 'export const open = 1;\n',
  'main/sandbox/wallet/own-db.ts': "import { open } from '../db/open';\nexport const x = open;\n",
  'main/sandbox/wallet/app-db.ts': "import { open } from '../../db/open';\nexport const x = open;\n",
  'main/db/open.ts': 'export const open = 2;\n',
  'renderer/src/First.vue': "<script setup lang=\"ts\">\nimport Second from './Second.vue';\n</script>\n<template><Second /></template>\n",
  'renderer/src/Second.vue': "<script setup lang=\"ts\">\nimport First from './First.vue';\n</script>\n<template><First /></template>\n",
};

let root = '';
let eslint: ESLint;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'coffer-lint-'));
  for (const [path, text] of Object.entries(FIXTURE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      ...pluginVue.configs['flat/base'],
      { files: ['**/*.vue'], languageOptions: { parserOptions: { parser: tseslint.parser } } },
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      {
        files: ['**/*.ts', '**/*.vue'],
        plugins: { local: localPlugin({ root, folders: ['main', 'renderer'] }) },
        rules: {
          'local/no-import-cycle': 'error',
          'local/import-boundaries': ['error', { zones: [{ from: 'main/sandbox', allow: ['main/sandbox'], message: 'own files only.' }] }],
        },
      },
    ],
  });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function problemsOf(path: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([join(root, path)]);
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

describe('local/no-import-cycle', () => {
  it('reports a cycle of type-only imports, naming the chain', async () => {
    expect(await problemsOf('main/sandbox/types-a.ts')).toEqual([
      'local/no-import-cycle: Import cycle: main/sandbox/types-a.ts → main/sandbox/types-b.ts → main/sandbox/types-a.ts. Move what both sides share into a module that imports neither.',
    ]);
  });

  it('follows re-exports and .vue files', async () => {
    expect((await problemsOf('main/sandbox/barrel.ts'))[0]).toContain('main/sandbox/barrel.ts → main/sandbox/reexported.ts → main/sandbox/barrel-value.ts → main/sandbox/barrel.ts');
    expect((await problemsOf('renderer/src/First.vue'))[0]).toContain('renderer/src/First.vue → renderer/src/Second.vue → renderer/src/First.vue');
  });

  it('leaves acyclic imports alone', async () => {
    expect(await problemsOf('main/sandbox/uses-leaf.ts')).toEqual([]);
  });
});

describe('local/import-boundaries', () => {
  it('tells the zone\'s own db/open from the app\'s by resolving the path, not the text', async () => {
    expect(await problemsOf('main/sandbox/wallet/own-db.ts')).toEqual([]);
    expect(await problemsOf('main/sandbox/wallet/app-db.ts')).toEqual([
      'local/import-boundaries: main/sandbox may not import main/db/open.ts: own files only.',
    ]);
  });
});

describe("the project's zones", () => {
  const project = new ESLint({ cwd: join(__dirname, '../../..') });
  const boundaryProblems = async (filePath: string, code: string) =>
    (await project.lintText(code, { filePath }))[0]?.messages.filter((m) => m.ruleId === 'local/import-boundaries').map((m) => m.message);

  it('keeps the sandbox off the core, the exchange client and the contract', async () => {
    expect(await boundaryProblems('main/sandbox/scratch.ts', "import '../core/app';\nimport '../exchange/decimal';\nimport '../../preload/contract';\nimport './clock';\nimport 'ws';\n")).toEqual([
      expect.stringMatching(/^main\/sandbox may not import main\/core\/app\.ts/),
      expect.stringMatching(/^main\/sandbox may not import main\/exchange\/decimal\.ts/),
      expect.stringMatching(/^main\/sandbox may not import preload\/contract\.ts/),
    ]);
  });

  it('keeps the exchange client off the sandbox and the core, and the renderer off main/', async () => {
    expect(await boundaryProblems('main/exchange/scratch.ts', "import '../sandbox/index';\nimport '../core/app';\n")).toHaveLength(2);
    expect(await boundaryProblems('renderer/src/scratch.ts', "import '../../main/core/app';\nimport '../../preload/contract';\nimport '../../preload/contract/decimal';\n")).toEqual([
      expect.stringMatching(/^renderer may not import main\/core\/app\.ts/),
    ]);
  });
});
