// The `host` fixture: the real web host (node out/main/host.js) on a fresh temporary data
// directory, with the real keychain of the surrounding D-Bus session (scripts/with-keyring.sh).
// restart() stops it and starts it again on the same data directory and port (crash() kills it
// instead, as a crash would); each launch has a new token, so pages must goto(host.url) again
// afterwards.
import { test as base, expect, type Page, type WebSocket as PageSocket } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const HOST_SCRIPT = join(ROOT, 'out/main/host.js');
const URL_LINE = /(http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+))/;
const START_TIMEOUT_MS = 20_000;

export interface CofferHost {
  /** The URL the host printed, token included. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  readonly dataDir: string;
  /** Milliseconds from spawn to the URL line, for the latest launch. */
  readonly startupMs: number;
  restart(): Promise<void>;
  /** SIGKILL (nothing closed, nothing flushed), then a launch on the same data directory and port. */
  crash(): Promise<void>;
  stop(): Promise<void>;
  /** Everything the host wrote, for failure messages. */
  log(): string;
}

interface Launch {
  child: ChildProcess;
  url: string;
  port: number;
  startupMs: number;
}

/**
 * Transactions each test's built-in sandbox is seeded with. Every new desk reads its whole history
 * into its store at startup; 10 000 per host cost every test seconds it does not need.
 */
export const E2E_SEEDED_HISTORY = 1_500;

/** Environment changes for a launch; a key set to undefined is removed. */
export type EnvChanges = Record<string, string | undefined>;

function hostEnv(dataDir: string, port: number, changes: EnvChanges): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, COFFER_DATA_DIR: dataDir, COFFER_NO_BROWSER: '1', COFFER_HOST_PORT: String(port), COFFER_SANDBOX_HISTORY: String(E2E_SEEDED_HISTORY) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

function launch(dataDir: string, port: number, logs: string[], changes: EnvChanges): Promise<Launch> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [HOST_SCRIPT], {
    cwd: ROOT,
    env: hostEnv(dataDir, port, changes),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolveLaunch, reject) => {
    let settled = false;
    const timer = setTimeout(() => fail(`no URL line within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    function fail(why: string): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`The web host did not start: ${why}\n${logs.join('')}`));
    }
    child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      logs.push(text);
      const match = URL_LINE.exec(logs.join(''));
      if (settled || !match?.[1] || !match[2]) return;
      settled = true;
      clearTimeout(timer);
      resolveLaunch({ child, url: match[1], port: Number.parseInt(match[2], 10), startupMs: performance.now() - startedAt });
    });
    child.once('exit', (code, signal) => fail(`it exited (code ${code}, signal ${signal})`));
    child.once('error', (error) => fail(error.message));
  });
}

async function terminate(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill(signal);
  const timeout = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timeout);
}

export async function startCofferHost(dataDir: string, changes: EnvChanges = {}): Promise<CofferHost> {
  const logs: string[] = [];
  let current = await launch(dataDir, 0, logs, changes);
  let relaunching: Promise<Launch> | null = null;
  let stopped = false;
  async function relaunch(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    stopped = false;
    await terminate(current.child, signal);
    if (stopped) throw new Error('the host was stopped while it restarted');
    logs.length = 0;
    relaunching = launch(dataDir, current.port, logs, changes);
    try {
      current = await relaunching;
    } finally {
      relaunching = null;
    }
  }
  return {
    get url() {
      return current.url;
    },
    get origin() {
      return `http://127.0.0.1:${current.port}`;
    },
    get port() {
      return current.port;
    },
    get startupMs() {
      return current.startupMs;
    },
    dataDir,
    async restart() {
      await relaunch('SIGTERM');
    },
    async crash() {
      await relaunch('SIGKILL');
    },
    async stop() {
      // A test that times out mid-restart must not leave the new host running for the rest of the suite.
      stopped = true;
      const started = await relaunching?.catch(() => null);
      if (started) await terminate(started.child);
      await terminate(current.child);
    },
    log: () => logs.join(''),
  };
}

/** Every text frame the page received over its WebSockets, collected from the first navigation. */
export function recordReceivedFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket: PageSocket) => {
    socket.on('framereceived', ({ payload }) => frames.push(typeof payload === 'string' ? payload : payload.toString('utf8')));
  });
  return frames;
}

export const test = base.extend<{ host: CofferHost }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  host: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-'));
    const host = await startCofferHost(dataDir);
    try {
      await use(host);
    } finally {
      await host.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect };
