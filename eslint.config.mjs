// Flat config: typescript-eslint + eslint-plugin-vue, plus the two security bans of DESIGN.md:
// ipcMain only through main/electron/ipc.ts, shell.openExternal only through
// main/electron/open-external.ts; decimal.js only through each side's own decimal module; and
// the dependency rules: which folder may import which, and no import cycles (local rules in eslint/).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import { localPlugin } from './eslint/local-plugin.mjs';

const IPC_WRAPPER = 'main/electron/ipc.ts';
const OPEN_EXTERNAL_WRAPPER = 'main/electron/open-external.ts';
// decimal.js only through the modules that clone it with the money precision (20 digits by
// default): the app's (main and renderer), the sandbox's and the exchange client's.
const DECIMAL_MODULES = ['preload/contract/decimal.ts', 'main/sandbox/decimal.ts', 'main/exchange/decimal.ts'];
const SOURCE_FILES = ['**/*.ts', '**/*.vue', '**/*.mts'];
const BAN_IPC_MAIN = { name: 'electron', importNames: ['ipcMain'], message: `Register handlers through ${IPC_WRAPPER} only.` };
const BAN_DECIMAL_JS = {
  name: 'decimal.js',
  message: `Import Decimal from your side's decimal module (${DECIMAL_MODULES.join(', ')}): it sets the precision money needs.`,
};

// The import graph the cycle and boundary rules resolve, TypeScript's way.
const GRAPH_FOLDERS = ['main', 'preload', 'renderer'];
const local = localPlugin({ root: import.meta.dirname, folders: GRAPH_FOLDERS });
const IMPORT_ZONES = [
  {
    from: 'main/sandbox',
    allow: ['main/sandbox'],
    message: 'the sandbox is the service, a separate program: node, npm packages and its own files only.',
  },
  {
    from: 'main/exchange',
    forbid: ['main/sandbox', 'main/core'],
    message: 'the exchange client meets the sandbox only over sockets and knows nothing of the core that uses it.',
  },
  {
    from: 'main/core',
    forbid: ['main/electron', 'main/host'],
    message: 'the core knows neither Electron nor the web host.',
  },
  {
    from: 'renderer',
    allow: ['renderer', 'preload/contract.ts', 'preload/contract'],
    message: 'the renderer talks only to the contract.',
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  // A later block replaces the rule's options of an earlier one, so each block lists every ban it keeps.
  {
    files: SOURCE_FILES,
    ignores: [IPC_WRAPPER, ...DECIMAL_MODULES],
    rules: { 'no-restricted-imports': ['error', { paths: [BAN_IPC_MAIN, BAN_DECIMAL_JS] }] },
  },
  {
    files: [IPC_WRAPPER],
    rules: { 'no-restricted-imports': ['error', { paths: [BAN_DECIMAL_JS] }] },
  },
  {
    files: DECIMAL_MODULES,
    rules: { 'no-restricted-imports': ['error', { paths: [BAN_IPC_MAIN] }] },
  },
  {
    files: GRAPH_FOLDERS.flatMap((folder) => SOURCE_FILES.map((pattern) => `${folder}/${pattern}`)),
    plugins: { local },
    rules: {
      'local/no-import-cycle': 'error',
      'local/import-boundaries': ['error', { zones: IMPORT_ZONES }],
    },
  },
  {
    files: ['**/*.ts', '**/*.vue', '**/*.mts'],
    ignores: [OPEN_EXTERNAL_WRAPPER],
    rules: {
      'no-restricted-properties': ['error', {
        object: 'shell', property: 'openExternal', message: `Open links through ${OPEN_EXTERNAL_WRAPPER} only.`,
      }],
      'no-restricted-syntax': ['error', {
        selector: "MemberExpression[property.name='openExternal']",
        message: `Open links through ${OPEN_EXTERNAL_WRAPPER} only.`,
      }, {
        selector: "MemberExpression[property.name='ipcMain']",
        message: `Register handlers through ${IPC_WRAPPER} only.`,
      }],
    },
  },
);
