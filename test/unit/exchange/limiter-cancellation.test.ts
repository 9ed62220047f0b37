// The limiter and cancellable runs: a read whose asker went away never leaves, and a request
// nobody may drop (a money move) is served before a backlog of cancellable reads. Real timers.
import { describe, expect, it } from 'vitest';
import { CancelledError, currentSignal, runCancellable } from '../../../main/exchange/cancellation';
import { RateLimiter } from '../../../main/exchange/limiter';
import type { LimitRule } from '../../../main/exchange/rate-limits';

const scope = { host: '127.0.0.1:1', account: 'key' };
const WALLET = '/api/3/wallet/x';
/** Three requests per window: enough to see who goes first. */
const tiny: LimitRule[] = [{ name: 'ip:wallet', scope: 'ip', prefixes: ['/wallet/'], rate: 2, burst: 1 }];
const newLimiter = () => new RateLimiter({ windowMs: 120, marginMs: 0, rules: tiny });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request that holds its slot until released; records its name when it is allowed to leave. */
async function send(limiter: RateLimiter, name: string, sent: string[]): Promise<() => void> {
  const release = await limiter.acquire(WALLET, scope);
  sent.push(name);
  return release;
}

/** Acquires and releases at once; records the name when sent. */
const pass = async (limiter: RateLimiter, name: string, sent: string[]) => (await send(limiter, name, sent))();

describe('cancellable runs in the limiter', () => {
  it('refuses at once a request of a run already aborted, without taking a slot', async () => {
    const limiter = newLimiter();
    const controller = new AbortController();
    controller.abort();
    const sent: string[] = [];
    await expect(runCancellable(controller.signal, () => send(limiter, 'read', sent))).rejects.toBeInstanceOf(CancelledError);
    const start = Date.now();
    await Promise.all(['a', 'b', 'c'].map((name) => pass(limiter, name, sent)));
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(Date.now() - start).toBeLessThan(60);
  });

  it('drops a waiting read when its run is aborted: it is never sent, and the next one takes its turn', async () => {
    const limiter = newLimiter();
    const sent: string[] = [];
    const held = await Promise.all(['h1', 'h2', 'h3'].map((name) => send(limiter, name, sent)));
    const controller = new AbortController();
    const dropped = runCancellable(controller.signal, () => pass(limiter, 'dropped', sent));
    const kept = runCancellable(new AbortController().signal, () => pass(limiter, 'kept', sent));
    await sleep(10);
    controller.abort();
    const outcome = await Promise.race([dropped.then(() => 'sent', (error: unknown) => error), sleep(200).then(() => 'still waiting')]);
    expect(outcome).toBeInstanceOf(CancelledError);
    held.forEach((release) => release());
    await kept;
    await sleep(300);
    expect(sent).toEqual(['h1', 'h2', 'h3', 'kept']);
  });

  it('lets an abort after the grant change nothing: the request is already on its way', async () => {
    const limiter = newLimiter();
    const controller = new AbortController();
    const sent: string[] = [];
    const release = await runCancellable(controller.signal, () => send(limiter, 'read', sent));
    controller.abort();
    release();
    expect(sent).toEqual(['read']);
  });

  it('serves a money move issued behind a flood of reads at the first free slot', async () => {
    const limiter = newLimiter();
    const sent: string[] = [];
    const reads = runCancellable(new AbortController().signal, () =>
      Promise.all(Array.from({ length: 12 }, (_, i) => pass(limiter, `read${i}`, sent))),
    );
    await sleep(5);
    // Not in a cancellable run, like every state-changing call: a transfer, a withdrawal commit.
    await pass(limiter, 'move', sent);
    // The first window was full of reads; the move took the first slot the next window opened.
    expect(sent.slice(0, 4)).toEqual(['read0', 'read1', 'read2', 'move']);
    await reads;
    expect(sent).toHaveLength(13);
  });

  it('keeps a fifth of a window out of the reads\' reach: a move of several requests finds its slots at once', async () => {
    const rules: LimitRule[] = [{ name: 'ip:wallet', scope: 'ip', prefixes: ['/wallet/'], rate: 10, burst: 5 }];
    const limiter = new RateLimiter({ windowMs: 200, marginMs: 0, rules });
    const sent: string[] = [];
    // Reads that stay in flight: only replies or the end of the test free their slots.
    const held: (() => void)[] = [];
    const reads = runCancellable(new AbortController().signal, () =>
      Promise.all(Array.from({ length: 40 }, (_, i) => send(limiter, `read${i}`, sent).then((release) => held.push(release)))),
    );
    await sleep(5);
    // From 300 ms on, replies come back and the backlog drains (a slow service).
    let drain: NodeJS.Timeout | undefined;
    let replying = false;
    const replies = setTimeout(() => {
      replying = true;
      drain = setInterval(() => held.splice(0).forEach((release) => release()), 20);
    }, 300);
    // The three requests of a transfer, one after the other: balance, history cursor, the move.
    for (const step of ['balance', 'cursor', 'move']) await pass(limiter, step, sent);
    expect(replying).toBe(false);
    expect(sent.slice(12, 15)).toEqual(['balance', 'cursor', 'move']);
    await reads;
    clearTimeout(replies);
    clearInterval(drain);
  });

  it('keeps user before background, whatever the lane', async () => {
    const limiter = newLimiter();
    const sent: string[] = [];
    const held = await Promise.all(['h1', 'h2', 'h3'].map((name) => send(limiter, name, sent)));
    const background = limiter.acquire(WALLET, scope, 'background').then((release) => {
      sent.push('background');
      release();
    });
    const read = runCancellable(new AbortController().signal, () => pass(limiter, 'read', sent));
    held.forEach((release) => release());
    await Promise.all([background, read]);
    expect(sent.slice(3)).toEqual(['read', 'background']);
  });

  it('stops applying once the run has settled: work the run left behind is nobody\'s to cancel', async () => {
    const controller = new AbortController();
    let later: Promise<AbortSignal | undefined> = Promise.resolve(undefined);
    const inside = await runCancellable(controller.signal, async () => {
      later = sleep(20).then(() => currentSignal());
      return currentSignal();
    });
    controller.abort();
    expect(inside).toBe(controller.signal);
    expect(await later).toBeUndefined();
    expect(currentSignal()).toBeUndefined();
  });
});
