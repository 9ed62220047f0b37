// The export thread's side of its line helpers (line-helper.ts): started together, each ready
// once its read transaction has begun; blocks handed out to whichever helper is free, at most a
// few ahead of the one being written so the batches held stay bounded; batches given back in the
// blocks' order. A helper that fails or stops fails the export.
import type { Worker } from 'node:worker_threads';
import type { BlockOrder, FromLineHelper } from './line-helper';
import type { BlockStats, PlannedBlock } from './plan';

/** Blocks handed out beyond the one being written (each a few MiB of batches at most). */
const BLOCKS_AHEAD = 3;

interface Arrived {
  batches: Uint8Array[];
  stats: BlockStats | null;
}

export class LineHelpers {
  private readonly arrived = new Map<number, Arrived>();
  private readonly busy = new Set<Worker>();
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private stopping = false;
  private plan: PlannedBlock[] = [];
  /** The block being written, and the next one to hand out. */
  private head = 0;
  private next = 0;

  private constructor(private readonly workers: Worker[]) {}

  /** Starts `count` helpers; resolves once each has begun its read transaction. */
  static async start(count: number, startOne: () => Worker): Promise<LineHelpers> {
    const helpers = new LineHelpers(Array.from({ length: count }, startOne));
    try {
      await Promise.all(helpers.workers.map((worker) => helpers.follow(worker)));
    } catch (error) {
      await helpers.stop();
      throw error;
    }
    return helpers;
  }

  /** The plan's batches in order; `blockDone` gets each block's stats once all its batches were given. */
  async *inOrder(plan: PlannedBlock[], blockDone: (stats: BlockStats) => void): AsyncGenerator<Uint8Array> {
    this.plan = plan;
    for (this.head = 0; this.head < plan.length; this.head += 1) {
      this.handOut();
      for (;;) {
        if (this.failure !== null) throw this.failure;
        const block = this.arrived.get(this.head) as Arrived;
        const batch = block.batches.shift();
        if (batch !== undefined) {
          yield batch;
        } else if (block.stats !== null) {
          this.arrived.delete(this.head);
          blockDone(block.stats);
          break;
        } else {
          await new Promise<void>((resolve) => (this.wake = resolve));
        }
      }
    }
  }

  /** Gives the next blocks to free helpers, up to BLOCKS_AHEAD past the one being written. */
  private handOut(): void {
    for (const worker of this.workers) {
      if (this.next >= this.plan.length || this.next > this.head + BLOCKS_AHEAD) return;
      if (this.busy.has(worker)) continue;
      const block = this.plan[this.next] as PlannedBlock;
      this.busy.add(worker);
      this.arrived.set(this.next, { batches: [], stats: null });
      worker.postMessage({ type: 'block', index: this.next, range: { fromMs: block.fromMs, tillMs: block.tillMs } } satisfies BlockOrder);
      this.next += 1;
    }
  }

  /** Ends every helper thread. */
  async stop(): Promise<void> {
    this.stopping = true;
    // Whoever still waits for a batch learns that none will come.
    this.failure ??= new Error('the line helpers were stopped');
    this.wakeUp();
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  /** Resolves at the helper's first message (its transaction has begun); afterwards takes its batches. */
  private follow(worker: Worker): Promise<void> {
    return new Promise<void>((ready, fail) => {
      const failed = (error: Error) => {
        if (this.stopping) return;
        this.failure ??= error;
        fail(error);
        this.wakeUp();
      };
      worker.on('message', (message: FromLineHelper) => {
        if (message.type === 'snapshot') ready();
        else if (message.type === 'failed') failed(new Error(message.message));
        else if (message.type === 'batch') this.arrived.get(message.index)?.batches.push(message.bytes);
        else {
          const block = this.arrived.get(message.index);
          if (block !== undefined) block.stats = message.stats;
          this.busy.delete(worker);
          this.handOut();
        }
        this.wakeUp();
      });
      worker.on('error', failed);
      worker.on('exit', (code) => failed(new Error(`a line helper stopped before the export was written (exit code ${code})`)));
    });
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
