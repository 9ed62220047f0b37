// Lets a caller drop requests it no longer needs before they reach the service: work run through
// runCancellable() carries its signal implicitly (AsyncLocalStorage), and the rate limiter, where
// requests wait, refuses to let a request of an aborted run leave. A request already on the wire
// is never interrupted: only waiting is cancelled.
import { AsyncLocalStorage } from 'node:async_hooks';

interface CancellableRun {
  signal: AbortSignal;
  /** False once the run has settled. */
  open: boolean;
  /** A window's reads leave the limiter's headroom free; a stoppable job's queue like any request. */
  leavesHeadroom: boolean;
  /** A stoppable job's requests stay stopped after it settled (a retry of a read it no longer awaits). */
  endsWithRun: boolean;
}

const runs = new AsyncLocalStorage<CancellableRun>();

/** Thrown where a request of an aborted run would have waited or left. */
export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor() {
    super('The request was cancelled before it was sent: nobody is waiting for its answer any more');
  }
}

export const isCancelled = (error: unknown): error is CancelledError => error instanceof CancelledError;

/** Runs fn; requests it sends while it runs stop waiting (and never leave) once signal aborts. */
export async function runCancellable<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  return runWith({ signal, open: true, leavesHeadroom: true, endsWithRun: true }, fn);
}

/**
 * Like runCancellable, for a background job that must send nothing once stopped (a history sync
 * whose profile closed): its waiting requests are dropped on abort, and so is any request its work
 * makes later (a retry of a page it stopped awaiting), but they queue in the usual lane of their
 * priority, since the job is meant to use the whole rate its priority leaves it.
 */
export async function runStoppable<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  return runWith({ signal, open: true, leavesHeadroom: false, endsWithRun: false }, fn);
}

async function runWith<T>(run: CancellableRun, fn: () => Promise<T>): Promise<T> {
  try {
    return await runs.run(run, fn);
  } finally {
    // Work the run started that outlives it (a stream it opened, a timer it set) inherits the
    // context; once the run has settled, that work belongs to nobody and is no longer cancellable.
    if (run.endsWithRun) run.open = false;
  }
}

/** The signal of the run the caller belongs to, while that run lasts; undefined outside one. */
export function currentSignal(): AbortSignal | undefined {
  return currentRun()?.signal;
}

/** The run the caller belongs to, while it lasts: its signal, and whether its reads leave the limiter's headroom free. */
export function currentRun(): { signal: AbortSignal; leavesHeadroom: boolean } | undefined {
  const run = runs.getStore();
  return run?.open === true ? run : undefined;
}
