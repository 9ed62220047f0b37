// A stoppable background job in the limiter: its requests use the whole window (no headroom kept
// back, unlike a window's cancellable reads), are dropped while waiting once the job is stopped,
// and any request its work makes after it settled (a retry) is refused too. Real timers.
import { describe, expect, it } from 'vitest';
import { CancelledError, runCancellable, runStoppable } from '../../../main/exchange/cancellation';
import { RateLimiter } from '../../../main/exchange/limiter';
import type { LimitRule } from '../../../main/exchange/rate-limits';

const scope = { host: '127.0.0.1:1', account: 'key' };
const WALLET = '/api/3/wallet/x';
/** Ten requests per window: two of them are the headroom cancellable reads leave free. */
const rules: LimitRule[] = [{ name: 'ip:wallet', scope: 'ip', prefixes: ['/wallet/'], rate: 5, burst: 5 }];
const newLimiter = () => new RateLimiter({ windowMs: 150, marginMs: 0, rules });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many of `count` requests leave at once (the rest wait for the window). */
async function leavingAtOnce(run: (fn: () => Promise<void>) => Promise<void>, count: number): Promise<number> {
  const limiter = newLimiter();
  let granted = 0;
  const requests = Array.from({ length: count }, () => run(async () => {
    const release = await limiter.acquire(WALLET, scope, 'background');
    granted += 1;
    setTimeout(release, 30);
  }));
  await sleep(15);
  const atOnce = granted;
  await Promise.all(requests);
  return atOnce;
}

describe('stoppable runs in the limiter', () => {
  it('use the whole window, where cancellable reads leave a fifth of it free', async () => {
    expect(await leavingAtOnce((fn) => runStoppable(new AbortController().signal, fn), 12)).toBe(10);
    expect(await leavingAtOnce((fn) => runCancellable(new AbortController().signal, fn), 12)).toBe(8);
  });

  it('drop what waits when stopped, and refuse what the job asks for after it settled', async () => {
    const limiter = newLimiter();
    const stop = new AbortController();
    const held = await Promise.all(Array.from({ length: 10 }, () => limiter.acquire(WALLET, scope)));
    let retry: Promise<unknown> = Promise.resolve();
    const waiting = runStoppable(stop.signal, async () => {
      // A retry the job's work set off, still pending when the job settles.
      retry = sleep(60).then(() => limiter.acquire(WALLET, scope, 'background'));
      retry.catch(() => undefined);
      return limiter.acquire(WALLET, scope, 'background');
    });
    await sleep(10);
    stop.abort();
    await expect(waiting).rejects.toBeInstanceOf(CancelledError);
    held.forEach((release) => release());
    await expect(retry).rejects.toBeInstanceOf(CancelledError);
  });
});
