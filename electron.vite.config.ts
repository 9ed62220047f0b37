import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';

// Three builds from top-level folders (see ../shared/TOOLCHAIN.md). The main build has three
// entries: the Electron app, the web host, which serves the same core without Electron, and the
// worker thread that writes and checks exports.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'main/index.ts'),
          host: resolve(__dirname, 'main/host/cli.ts'),
          'export-worker': resolve(__dirname, 'main/core/exports/worker.ts'),
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
    plugins: [vue()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
