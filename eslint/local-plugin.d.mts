import type { ESLint } from 'eslint';

/** The local import rules over one project's graph: no-import-cycle and import-boundaries. */
export function localPlugin(options: { root: string; folders: string[] }): ESLint.Plugin;
