// Flat config: typescript-eslint + eslint-plugin-vue, plus the two security bans of DESIGN.md:
// ipcMain only through main/electron/ipc.ts, shell.openExternal only through
// main/electron/open-external.ts; and decimal.js only through preload/contract/decimal.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';

const IPC_WRAPPER = 'main/electron/ipc.ts';
const OPEN_EXTERNAL_WRAPPER = 'main/electron/open-external.ts';
// decimal.js only through the module that sets the money precision (20 digits by default).
const DECIMAL_MODULE = 'preload/contract/decimal.ts';

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
  {
    files: ['**/*.ts', '**/*.vue', '**/*.mts'],
    ignores: [IPC_WRAPPER],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'electron', importNames: ['ipcMain'], message: `Register handlers through ${IPC_WRAPPER} only.` },
          { name: 'decimal.js', message: `Import Decimal from ${DECIMAL_MODULE}: it sets the precision money needs.` },
        ],
      }],
    },
  },
  {
    files: [DECIMAL_MODULE],
    rules: { 'no-restricted-imports': 'off' },
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
