// How the app starts its built-in sandbox: in-process, through the sandbox's public face, or on a
// thread of its own when given the worker script (the web host: sandbox-thread.ts says why).
// COFFER_NO_SANDBOX=1 turns it off (fast tests that need no exchange).
// COFFER_SANDBOX_CONTROL_TOKEN switches on the sandbox's /sandbox/* test controls (clock advance,
// deposits, faults) with that token; e2e tests use it to move the sandbox clock. Off otherwise.
// COFFER_SANDBOX_HISTORY sets how many transactions a new sandbox's history is seeded with
// (default 10 000): a demo desk wants a long history, a test that starts many desks a short one.
// The sandbox's code is read only when it starts in this thread: a host that runs it on a thread
// of its own never loads it here.
import { join } from 'node:path';
import type { PrepareOptions, SandboxOptions } from '../sandbox/index';
import type { SandboxLauncher } from './builtin-sandbox';
import { SANDBOX_DB_FILE, startSandboxThread } from './sandbox-thread';

const startInProcess: SandboxLauncher = async (options) => (await import('../sandbox/index')).startSandbox(options);

/**
 * `thread` is the worker script to start the sandbox on (a new thread), or a launcher that starts it
 * on a thread already made (see prewarmSandboxThread); omitted, it runs in this thread.
 */
export function sandboxLauncherFromEnv(env: NodeJS.ProcessEnv = process.env, thread?: string | SandboxLauncher): SandboxLauncher | undefined {
  if (env.COFFER_NO_SANDBOX === '1') return undefined;
  const start: SandboxLauncher =
    thread === undefined ? startInProcess : typeof thread === 'string' ? (options) => startSandboxThread(thread, options) : thread;
  const fromEnv = envOptions(env);
  return fromEnv === null ? start : (options) => start({ ...options, ...fromEnv });
}

/** What the environment adds to every start of the sandbox; null when nothing. */
function envOptions(env: NodeJS.ProcessEnv): Pick<SandboxOptions, 'controlToken' | 'seededHistory'> | null {
  const controlToken = env.COFFER_SANDBOX_CONTROL_TOKEN || undefined;
  const seededHistory = seededHistoryFrom(env.COFFER_SANDBOX_HISTORY);
  return controlToken === undefined && seededHistory === undefined ? null : { controlToken, seededHistory };
}

/**
 * The options the app starts its built-in sandbox with when the sandbox's database is already
 * there (startBuiltInSandbox), for starting it ahead (prewarmSandboxThread).
 */
export function sandboxStartFromEnv(env: NodeJS.ProcessEnv, dataDir: string): SandboxOptions | undefined {
  if (env.COFFER_NO_SANDBOX === '1') return undefined;
  return { port: 0, db: join(dataDir, SANDBOX_DB_FILE), ...envOptions(env) };
}

/** The built-in sandbox's database and the seed it gets, for seeding it ahead (prewarmSandboxThread). */
export function sandboxPrepareFromEnv(env: NodeJS.ProcessEnv, dataDir: string): PrepareOptions | undefined {
  if (env.COFFER_NO_SANDBOX === '1') return undefined;
  return { db: join(dataDir, SANDBOX_DB_FILE), seededHistory: seededHistoryFrom(env.COFFER_SANDBOX_HISTORY) };
}

const MAX_SEEDED_HISTORY = 200_000;

function seededHistoryFrom(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 0 || count > MAX_SEEDED_HISTORY) {
    throw new Error(`COFFER_SANDBOX_HISTORY must be a whole number from 0 to ${MAX_SEEDED_HISTORY}, not "${text}"`);
  }
  return count;
}
