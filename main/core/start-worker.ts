// One way to start a worker thread from a script path: the built app's .js as it is, or a
// TypeScript source (tests, the tsx command line, benches) through tsx's require hook.
import { createRequire } from 'node:module';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(script: string, options: WorkerOptions = {}): Worker {
  if (!script.endsWith('.ts')) return new Worker(script, options);
  const hook = ['--require', createRequire(__filename).resolve('tsx/cjs')];
  return new Worker(script, { ...options, execArgv: [...(options.execArgv ?? []), ...hook] });
}
