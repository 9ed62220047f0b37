// The export thread's side of its line helpers, against real threads that speak the helpers'
// messages: batches given back in the blocks' order whichever helper finishes first, no helper
// given a block more than a few past the one being written, and a helper's failure or early exit
// failing the export with its reason.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { BlockOrder } from '../../../main/core/exports/blocks/line-helper';
import { LineHelpers } from '../../../main/core/exports/blocks/line-helpers';
import type { BlockStats, PlannedBlock } from '../../../main/core/exports/blocks/plan';

/** A helper that answers each block after `delays[index]` ms with two batches, or fails at `failOn`. */
const FAKE_HELPER = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.postMessage({ type: 'snapshot' });
parentPort.on('message', (order) => {
  setTimeout(() => {
    if (workerData.failOn === order.index) {
      parentPort.postMessage({ type: 'failed', message: 'block ' + order.index + ' cannot be read' });
      return;
    }
    for (const part of ['a', 'b']) parentPort.postMessage({ type: 'batch', index: order.index, bytes: Buffer.from(order.index + part + ' ') });
    parentPort.postMessage({ type: 'block', index: order.index, stats: { rows: 10, oldest: null, newest: null, unpriced: 0, withdrawals: [] } });
  }, workerData.delays[order.index] ?? 0);
});`;

const plan = (count: number): PlannedBlock[] => Array.from({ length: count }, (_, i) => ({ fromMs: i, tillMs: i, rows: 10 }));

/** Starts fake helpers; `handedOut` records each block index as it is given to a helper. */
async function fakeHelpers(count: number, workerData: { delays: number[]; failOn?: number }, handedOut: number[] = []): Promise<LineHelpers> {
  return LineHelpers.start(count, () => {
    const worker = new Worker(FAKE_HELPER, { eval: true, workerData });
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (order: BlockOrder) => {
      handedOut.push(order.index);
      post(order);
    };
    return worker;
  });
}

async function collect(helpers: LineHelpers, blocks: PlannedBlock[], onBlock: (stats: BlockStats) => void = () => undefined): Promise<string> {
  let text = '';
  try {
    for await (const batch of helpers.inOrder(blocks, onBlock)) text += Buffer.from(batch).toString();
  } finally {
    await helpers.stop();
  }
  return text;
}

describe('line helpers', () => {
  it('give the batches in the blocks\' order, whichever helper finishes first', async () => {
    // The even blocks (first helper) are slow, the odd ones quick.
    const helpers = await fakeHelpers(2, { delays: [80, 0, 60, 0, 40, 0, 20, 0] });
    const done: number[] = [];
    const text = await collect(helpers, plan(8), (stats) => done.push(stats.rows));
    expect(text).toBe('0a 0b 1a 1b 2a 2b 3a 3b 4a 4b 5a 5b 6a 6b 7a 7b ');
    expect(done).toEqual(Array(8).fill(10));
  });

  it('hand out no block more than three past the one being written', async () => {
    const handedOut: number[] = [];
    let atFirstDone: number[] = [];
    const helpers = await fakeHelpers(2, { delays: [300] }, handedOut);
    await collect(helpers, plan(12), () => {
      if (atFirstDone.length === 0) atFirstDone = [...handedOut];
    });
    // While block 0 was slow, the other helper went through blocks 1 to 3 and then waited.
    expect(atFirstDone).toEqual([0, 1, 2, 3]);
    expect([...handedOut].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('fail with a helper\'s reason when it cannot read a block', async () => {
    const helpers = await fakeHelpers(2, { delays: [], failOn: 3 });
    await expect(collect(helpers, plan(6))).rejects.toThrow('block 3 cannot be read');
  });

  it('fail to start when a helper stops before its transaction has begun', async () => {
    await expect(LineHelpers.start(2, () => new Worker('process.exit(3)', { eval: true })))
      .rejects.toThrow('a line helper stopped before the export was written (exit code 3)');
  });
});
