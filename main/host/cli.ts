// `npm run web`: the whole app without Electron. Listens on loopback and prints the one URL to open
// first, then loads and starts the core (database, keychain, built-in sandbox), and opens the
// default browser unless COFFER_NO_BROWSER=1.
// Only what serving the page needs is read before the URL line: the core, its databases and the
// contract's schemas are a separate chunk imported afterwards, so the browser starts on the page
// while the core's code is still being loaded. Calls that arrive meanwhile wait for the core.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { GateConnection } from '../core/call-gate';
import type { Core } from '../core/app';
import type { SandboxLauncher } from '../core/builtin-sandbox';
import { createEventBus } from '../core/events';
import { sandboxLauncherFromEnv, sandboxPrepareFromEnv, sandboxStartFromEnv } from '../core/sandbox-launcher';
import { prewarmSandboxThread } from '../core/sandbox-thread';
import { resolveDataDir } from '../db/data-dir';
import { enableCompileCache } from './compile-cache';
import { portFromEnv, readRememberedPort, rememberPort } from './host-port';
import { openBrowser } from './open-browser';
import { surviveStrayErrors } from './process-guard';
import { startWebServer } from './web-server';

// COFFER_HOST_TRACE=1: each step of the start and each call's time to its answer, on stderr, counted
// from the process's start (what the startup bench's phases are made of).
const trace = process.env.COFFER_HOST_TRACE === '1'
  ? (what: string) => console.error(`[trace] ${Math.round(performance.now())} ms: ${what}`)
  : undefined;

async function main(): Promise<void> {
  const startedAt = performance.now();
  trace?.('host entry read');
  surviveStrayErrors();
  const dataDir = resolveDataDir();
  // The sandbox's thread reads its code, and seeds a new sandbox's database or starts one already
  // there, on the other core while this one serves the page and loads the core's code.
  const sandboxThread = process.env.COFFER_NO_SANDBOX === '1'
    ? undefined
    : prewarmSandboxThread(
      join(__dirname, 'sandbox-worker.js'), sandboxPrepareFromEnv(process.env, dataDir), sandboxStartFromEnv(process.env, dataDir),
    );
  const pending = coreWhenReady();
  const envPort = portFromEnv(process.env.COFFER_HOST_PORT);
  const host = await startWebServer({
    gate: pending.gate,
    events: pending.events,
    rendererDir: process.env.COFFER_RENDERER_DIR ?? join(__dirname, '../renderer'),
    port: envPort,
    // The same port as last time keeps the browser's cache of the page's files (an origin is per port).
    preferredPort: envPort === 0 ? readRememberedPort(dataDir) : undefined,
    reviewUpload: (reviewId, body) => pending.started.then(({ core }) => core.receiveReviewFile(reviewId, body)),
  });
  console.log(`Coffer is running at ${host.url}`);
  trace?.('URL printed');
  if (process.env.COFFER_NO_BROWSER !== '1') openBrowser(host.url);
  if (envPort === 0) rememberPort(dataDir, host.port);

  const started = await startCore(dataDir, sandboxThread, host.idle).catch(async (error: unknown) => {
    await host.close();
    throw error;
  });
  pending.ready(started);
  const { core } = started;
  console.error(`[host] ready in ${Math.round(performance.now() - startedAt)} ms; data in ${dataDir}`);

  const shutdown = () => {
    void Promise.allSettled([host.close(), core.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

interface ReadyCore {
  core: Core;
  gate: { connect(): GateConnection };
}

/**
 * The core's code in pieces: first the page socket's library (the web server reads it only at the
 * first socket), then the heaviest libraries first. Reading one blocks this thread, so each is
 * read only when no page file is being answered, and the page's files never wait for the whole.
 * Libraries are read with `require`, as the core's chunks read them: an `import()` would read a
 * library's ES-module build, a second copy beside the CommonJS one the core then reads anyway.
 */
const requireHere = createRequire(__filename);
const CORE_PIECES: ReadonlyArray<() => unknown> = [
  () => requireHere('ws'),
  () => requireHere('zod'),
  () => import('../../preload/contract'),
  () => requireHere('decimal.js'),
  () => requireHere('better-sqlite3'),
  () => requireHere('keytar'),
];

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The core's compiled code is kept this long after it is ready, so what its first calls compiled is kept too. */
const COMPILE_CACHE_SAVE_MS = 3_000;

async function startCore(dataDir: string, sandboxThread: SandboxLauncher | undefined, hostIdle: () => Promise<void>): Promise<ReadyCore> {
  const compileCache = enableCompileCache(join(dataDir, 'cache', 'code'));
  for (const [index, piece] of CORE_PIECES.entries()) {
    await hostIdle();
    await nextTurn();
    await piece();
    trace?.(`core code, piece ${index + 1} of ${CORE_PIECES.length + 1} loaded`);
  }
  await hostIdle();
  await nextTurn();
  const [{ createCore }, { createCallGate }] = await Promise.all([import('../core/app'), import('../core/call-gate')]);
  trace?.('core code loaded');
  // The built-in sandbox runs on its own thread, so its seeding does not hold up this one.
  const core = await createCore({
    dataDir,
    transport: 'web',
    version: process.env.npm_package_version,
    launchSandbox: sandboxLauncherFromEnv(process.env, sandboxThread),
    exportWorker: join(__dirname, 'export-worker.js'),
    trace,
  });
  setTimeout(() => compileCache.save(), COMPILE_CACHE_SAVE_MS).unref();
  return { core, gate: createCallGate(core.dispatch) };
}

/**
 * Sockets opened before the core is up get a connection that waits for it: each call goes to the
 * core's gate once it is there. Events are relayed once the core is ready; nothing is emitted before.
 */
function coreWhenReady() {
  const events = createEventBus();
  let ready!: (started: ReadyCore) => void;
  const core = new Promise<ReadyCore>((resolve) => (ready = resolve));
  const gate = {
    connect(): GateConnection {
      let closed = false;
      const connection = core.then((started) => started.gate.connect());
      return {
        dispatch: async (op, request) => {
          const asked = performance.now();
          const result = await (await connection).dispatch(op, request);
          trace?.(`${op} answered in ${Math.round(performance.now() - asked)} ms`);
          return result;
        },
        close() {
          if (closed) return;
          closed = true;
          void connection.then((open) => open.close());
        },
      };
    },
  };
  return {
    gate,
    events,
    started: core,
    ready(started: ReadyCore) {
      started.core.events.subscribe((event, payload) => events.emit(event, payload));
      ready(started);
    },
  };
}

main().catch((error: unknown) => {
  console.error(`Coffer could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
