import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import type { Plugin } from 'vite';
import { precompressDir } from './main/host/precompressed';

// Three builds from top-level folders (see ../shared/TOOLCHAIN.md). The main build has five
// entries: the Electron app, the web host, which serves the same core without Electron, the
// worker thread that writes and checks exports, the one the web host runs its sandbox on and the
// one that writes the history store.

// The web host sends the renderer's files compressed: brotli and gzip copies are written beside
// them once the renderer build is on disk (see main/host/static-files.ts for how one is chosen).
const precompressRenderer = (): Plugin => ({
  name: 'coffer-precompress',
  apply: 'build',
  async writeBundle(options) {
    if (!options.dir) return;
    const totals = await precompressDir(options.dir);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    this.info(`compressed ${totals.files} files: ${kb(totals.bytes)} → ${kb(totals.brotliBytes)} brotli, ${kb(totals.gzipBytes)} gzip`);
  },
});
// naive-ui's light styles (each component's _common.mjs and light.mjs) share one chunk: the dark
// theme, loaded only when shown, imports them too, and without the group every style shared by
// it, the shell and a page became a chunk of its own (a dozen more requests on the first screen).
// What they import comes along (Vue's runtime, lodash, naive-ui's theme helpers): the shell needs
// all of it before anything shows.
const LIGHT_STYLES = /naive-ui[\\/]es[\\/].*[\\/]styles[\\/](_common|light)\.mjs$/;
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'main/index.ts'),
          host: resolve(__dirname, 'main/host/cli.ts'),
          'export-worker': resolve(__dirname, 'main/core/exports/worker.ts'),
          'sandbox-worker': resolve(__dirname, 'main/core/sandbox-worker.ts'),
          'history-writer': resolve(__dirname, 'main/core/history/store-writer-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require nothing but electron: the contract's schemas (zod) are
      // bundled into it instead of left as a require() of node_modules.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'preload/index.ts') },
        output: { format: 'cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [vue(), precompressRenderer()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rolldownOptions: {
        input: { index: resolve(__dirname, 'renderer/index.html') },
        output: { codeSplitting: { groups: [{ name: 'light-styles', test: LIGHT_STYLES }] } },
      },
    },
  },
});
