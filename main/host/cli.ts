// `npm run web`: the whole app without Electron. Starts the core (database, keychain, built-in
// sandbox) and the loopback web host, prints the one URL to open, and opens the default browser
// unless COFFER_NO_BROWSER=1.
import { join } from 'node:path';
import { createCore } from '../core/app';
import { sandboxLauncherFromEnv } from '../core/sandbox-launcher';
import { resolveDataDir } from '../db/data-dir';
import { openBrowser } from './open-browser';
import { startHost } from './server';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const dataDir = resolveDataDir();
  const core = await createCore({
    dataDir,
    transport: 'web',
    version: process.env.npm_package_version,
    launchSandbox: sandboxLauncherFromEnv(),
    exportWorker: join(__dirname, 'export-worker.js'),
  });
  const host = await startHost({
    dispatch: core.dispatch,
    events: core.events,
    rendererDir: process.env.COFFER_RENDERER_DIR ?? join(__dirname, '../renderer'),
    port: portFromEnv(process.env.COFFER_HOST_PORT),
  });
  console.log(`Coffer is running at ${host.url}`);
  console.error(`[host] ready in ${Math.round(performance.now() - startedAt)} ms; data in ${dataDir}`);
  if (process.env.COFFER_NO_BROWSER !== '1') openBrowser(host.url);

  const shutdown = () => {
    void Promise.allSettled([host.close(), core.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

function portFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 0;
  const port = Number.parseInt(raw, 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || String(port) !== raw.trim()) {
    throw new Error(`COFFER_HOST_PORT must be a port number between 0 and 65535, got "${raw}"`);
  }
  return port;
}

main().catch((error: unknown) => {
  console.error(`Coffer could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
