// The built-in sandbox on a thread of its own: its seeding (thousands of transactions on a first
// launch), its market's warm-up and every answer it computes run beside the app instead of on the
// thread that serves the page and the first balances. It is reached over loopback exactly as when
// it runs in-process. The built host runs out/main/sandbox-worker.js; from the TypeScript sources
// the worker loads sandbox-worker.ts through tsx's require hook (startWorker).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { PrepareOptions, RunningSandbox, SandboxKeyPair, SandboxOptions } from '../sandbox/index';
import { startWorker } from './start-worker';

/** The built-in sandbox's database, in the data directory. */
export const SANDBOX_DB_FILE = 'sandbox.db';

/** sandbox-worker.ts beside this file: what runs when no built worker is given. */
export const SOURCE_SANDBOX_WORKER = join(__dirname, 'sandbox-worker.ts');

export type FromSandboxThread =
  | { type: 'started'; restUrl: string; wsUrl: string; master: SandboxKeyPair }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

export type ToSandboxThread = { type: 'prepare'; options: PrepareOptions } | { type: 'start'; options: SandboxOptions } | { type: 'close' };

const CLOSE_TIMEOUT_MS = 5_000;

/** Starts the sandbox in a worker thread; resolves once it listens. Options must be plain data. */
export function startSandboxThread(script: string, options: SandboxOptions): Promise<RunningSandbox> {
  return startOn(newWorker(script), options);
}

/**
 * Makes the sandbox's thread now, so it reads its code while this thread reads its own. Given
 * `ahead` (the options the app will start the sandbox with, less its key pair) and a database
 * already there, the sandbox starts at once, so the app's first answers need not wait for it;
 * otherwise, given `prepare`, the thread seeds that database file meanwhile (a first launch's
 * seeding is the longest part of the sandbox's start). The returned launcher starts the sandbox on
 * this thread, or hands over the one started ahead when asked with the same options and either no
 * key pair or the one its master already has (a start with that pair would change nothing); a
 * second start, or one that differs, gets a thread of its own.
 */
export function prewarmSandboxThread(
  script: string, prepare?: PrepareOptions, ahead?: SandboxOptions,
): (options: SandboxOptions) => Promise<RunningSandbox> {
  let waiting: Worker | null = newWorker(script);
  let startedAhead: { options: string; sandbox: Promise<RunningSandbox> } | null = null;
  if (ahead?.db !== undefined && existsSync(ahead.db)) {
    startedAhead = { options: sameOptionsKey(ahead), sandbox: startOn(waiting, ahead) };
    // Its failure is for the launcher's caller to see; until then it must not count as unhandled.
    startedAhead.sandbox.catch(() => undefined);
    waiting = null;
  } else if (prepare !== undefined) {
    waiting.postMessage({ type: 'prepare', options: prepare } satisfies ToSandboxThread);
  }
  // Until it is started, a thread that fails is simply not used.
  const dropOnFailure = () => {
    void waiting?.terminate();
    waiting = null;
  };
  waiting?.once('error', dropOnFailure);
  waiting?.once('exit', dropOnFailure);
  waiting?.unref();
  return (options) => {
    const early = startedAhead;
    startedAhead = null;
    if (early !== null) {
      const { apiKey, secretKey, ...rest } = options;
      if (early.options === sameOptionsKey(rest)) {
        return early.sandbox.then((sandbox) => {
          const sameKey = apiKey === undefined || (sandbox.master.apiKey === apiKey && sandbox.master.secretKey === secretKey);
          return sameKey ? sandbox : sandbox.close().then(() => startSandboxThread(script, options));
        });
      }
      void early.sandbox.then((sandbox) => sandbox.close(), () => undefined);
    }
    const worker = waiting;
    waiting = null;
    if (worker === null) return startSandboxThread(script, options);
    worker.off('error', dropOnFailure);
    worker.off('exit', dropOnFailure);
    worker.ref();
    return startOn(worker, options);
  };
}

/** Options (plain data) as one comparable text: fields in name order, absent ones left out. */
function sameOptionsKey(options: SandboxOptions): string {
  const entries = Object.entries(options).filter(([, value]) => value !== undefined);
  return JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A sandbox thread reading its code; it starts the sandbox when sent the options (startOn). */
function newWorker(script: string): Worker {
  return startWorker(script);
}

function startOn(worker: Worker, options: SandboxOptions): Promise<RunningSandbox> {
  const started = startedOn(worker);
  worker.postMessage({ type: 'start', options } satisfies ToSandboxThread);
  return started;
}

function startedOn(worker: Worker): Promise<RunningSandbox> {
  return new Promise((resolve, reject) => {
    const early = (why: string) => {
      void worker.terminate();
      reject(new Error(why));
    };
    const onError = (error: Error) => early(`the sandbox thread failed: ${error.message}`);
    const onExit = (code: number) => early(`the sandbox thread stopped (exit code ${code}) before it listened`);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.once('message', (message: FromSandboxThread) => {
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (message.type !== 'started') return early(message.type === 'failed' ? message.message : 'the sandbox thread closed before it listened');
      // A crash later is logged; the app's calls to it then fail like calls to an unreachable service.
      worker.on('error', (error) => console.error(`[sandbox] the sandbox thread failed: ${error.message}`));
      resolve({ restUrl: message.restUrl, wsUrl: message.wsUrl, master: message.master, close: () => closeThread(worker) });
    });
  });
}

function closeThread(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      void worker.terminate().then(() => resolve());
    };
    const timer = setTimeout(done, CLOSE_TIMEOUT_MS);
    worker.once('exit', done);
    worker.on('message', (message: FromSandboxThread) => {
      if (message.type === 'closed') done();
    });
    worker.postMessage({ type: 'close' } satisfies ToSandboxThread);
  });
}
