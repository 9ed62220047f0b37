// The worker's side of worker-thread.ts: progress (at most four messages a second, plus the last)
// and requests main answers.
import type { MessagePort } from 'node:worker_threads';

const PROGRESS_EVERY_MS = 250;

export interface WorkerChannel {
  progress(done: number, total: number, phase: string, force?: boolean): void;
  request<T>(body: unknown): Promise<T>;
}

export function workerChannel(port: MessagePort): WorkerChannel {
  let lastProgress = 0;
  const waiting: Array<{ resolve(value: unknown): void; reject(error: Error): void }> = [];
  port.on('message', (message: { type: string; ok: boolean; value?: unknown; message?: string }) => {
    if (message.type !== 'reply') return;
    const next = waiting.shift();
    if (message.ok) next?.resolve(message.value);
    else next?.reject(new Error(message.message));
  });
  return {
    progress(done, total, phase, force = false) {
      const now = Date.now();
      if (!force && now - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = now;
      port.postMessage({ type: 'progress', done, total, phase });
    },
    request<T>(body: unknown) {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ resolve: resolve as (value: unknown) => void, reject });
        port.postMessage({ type: 'request', body });
      });
    },
  };
}
