// `npm run web`: the whole app without Electron. Starts the core (database, keychain, built-in
// sandbox) and the loopback web host, prints the one URL to open as soon as the host listens, and
// opens the default browser unless COFFER_NO_BROWSER=1.
import { join } from 'node:path';
import { createCore, type Core } from '../core/app';
import type { Dispatch } from '../core/dispatch';
import { createEventBus, type EventBus } from '../core/events';
import { sandboxLauncherFromEnv } from '../core/sandbox-launcher';
import { resolveDataDir } from '../db/data-dir';
import { openBrowser } from './open-browser';
import { startHost } from './server';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const dataDir = resolveDataDir();
  // The core starts first (its databases open before the URL is printed; the built-in sandbox
  // starts on its own thread) and the host listens meanwhile: the browser loads the page while
  // the sandbox seeds, and the page's first calls wait for the core.
  const starting = createCore({
    dataDir,
    transport: 'web',
    version: process.env.npm_package_version,
    launchSandbox: sandboxLauncherFromEnv(process.env, join(__dirname, 'sandbox-worker.js')),
    exportWorker: join(__dirname, 'export-worker.js'),
  });
  starting.catch(() => undefined); // awaited below, once the host listens
  const pending = coreWhenReady();
  const host = await startHost({
    dispatch: pending.dispatch,
    events: pending.events,
    rendererDir: process.env.COFFER_RENDERER_DIR ?? join(__dirname, '../renderer'),
    port: portFromEnv(process.env.COFFER_HOST_PORT),
  });
  console.log(`Coffer is running at ${host.url}`);
  if (process.env.COFFER_NO_BROWSER !== '1') openBrowser(host.url);
  const core = await starting.catch(async (error: unknown) => {
    await host.close();
    throw error;
  });
  pending.ready(core);
  console.error(`[host] ready in ${Math.round(performance.now() - startedAt)} ms; data in ${dataDir}`);

  const shutdown = () => {
    void Promise.allSettled([host.close(), core.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

interface PendingCore {
  dispatch: Dispatch;
  /** Relays the core's events once it is ready; nothing is emitted before. */
  events: EventBus;
  ready(core: Core): void;
}

/** Calls made before the core is up wait for it rather than fail. */
function coreWhenReady(): PendingCore {
  const events = createEventBus();
  let ready!: (core: Core) => void;
  const core = new Promise<Core>((resolve) => (ready = resolve));
  return {
    dispatch: async (op, request) => (await core).dispatch(op, request),
    events,
    ready(started) {
      started.events.subscribe((event, payload) => events.emit(event, payload));
      ready(started);
    },
  };
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
