// Runs one job of worker.ts in a worker thread and talks to it: the job posts progress and
// requests (an export asks main to sign its manifest), main answers, and the job ends with one
// result or one error. The built app runs out/main/export-worker.js; from the TypeScript sources
// (tests, the tsx command line, benchmarks) the worker loads worker.ts through tsx's require hook.
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../start-worker';

/** worker.ts beside this file: what runs when no built worker is given. */
export const SOURCE_WORKER = join(__dirname, 'worker.ts');

export type FromWorker =
  | { type: 'progress'; done: number; total: number; phase: string }
  | { type: 'request'; body: unknown }
  | { type: 'done'; result: unknown }
  | { type: 'failed'; message: string };

export class WorkerJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerJobError';
  }
}

export interface WorkerJob<Result> {
  result: Promise<Result>;
  /** Stops the job (its promise rejects). */
  cancel(): void;
}

export interface WorkerHandlers {
  progress?(done: number, total: number, phase: string): void;
  /** Answers a request of the job; what it returns (or throws) goes back to the job. */
  request?(body: unknown): Promise<unknown>;
}

export function runWorkerJob<Result>(script: string, data: unknown, handlers: WorkerHandlers = {}): WorkerJob<Result> {
  const worker = startWorker(script, { workerData: data });
  let settled = false;
  const result = new Promise<Result>((resolve, reject) => {
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'progress') handlers.progress?.(message.done, message.total, message.phase);
      else if (message.type === 'request') answer(worker, handlers, message.body);
      else if (message.type === 'done') finish(() => resolve(message.result as Result));
      else finish(() => reject(new WorkerJobError(message.message)));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(new WorkerJobError(`the export worker stopped before it finished (exit code ${code})`))));
  });
  return {
    result,
    cancel: () => {
      if (!settled) void worker.terminate();
    },
  };
}

function answer(worker: Worker, handlers: WorkerHandlers, body: unknown): void {
  const reply = handlers.request?.(body) ?? Promise.reject(new Error('this job takes no requests'));
  reply.then(
    (value) => worker.postMessage({ type: 'reply', ok: true, value }),
    (error: unknown) => worker.postMessage({ type: 'reply', ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
}
