// Following buy orders with stand-in timers: the pauses grow 2 s, 3 s, 5 s … up to 30 s, back to
// 2 s on a change, a new order or a buy-crypto deposit; "arrived" once, only for orders seen open;
// nothing is read once nothing is open, or after close.
import { describe, expect, it } from 'vitest';
import type { BuyOrderView } from '../../../preload/contract/buycrypto';
import { DEPOSIT_SEARCH_MS, FOLLOW_BACKOFF_MS, OrderFollower } from '../../../main/core/buycrypto/follow';
import type { Timers } from '../../../main/core/timers';
import { statusText } from '../../../main/core/buycrypto/orders';

class StandInTimers implements Timers {
  nowMs = 0;
  pending: Array<{ run: () => void; ms: number }> = [];
  set(run: () => void, ms: number): unknown {
    const entry = { run, ms };
    this.pending.push(entry);
    return entry;
  }
  clear(handle: unknown): void {
    this.pending = this.pending.filter((p) => p !== handle);
  }
  now(): number {
    return this.nowMs;
  }
  /** Runs the one pending timer; returns its pause. */
  async fire(): Promise<number> {
    const next = this.pending.shift();
    if (next === undefined) throw new Error('nothing scheduled');
    this.nowMs += next.ms;
    next.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return next.ms;
  }
}

const DEPOSIT = { transactionId: '9', amount: '0.001', currency: 'BTC', network: 'BTC', hash: 'ab', at: '2026-01-01T00:00:00Z', matchedBy: 'operationId' as const };

function order(status: string, extra: Partial<BuyOrderView> = {}): BuyOrderView {
  return {
    id: '1', providerId: '1', providerName: 'P', methodName: 'Card', source: 'EUR', target: 'BTC', network: 'BTC', pay: '100', receive: '0.001',
    status, statusText: statusText(status), open: status === 'initial' || status === 'in_progress', walletAddress: 'bc1q', checkoutUrl: null,
    createdAt: '2026-01-01T00:00:00Z', operationId: 'op', deposit: null, ...extra,
  };
}

function setup(answers: Array<BuyOrderView[] | Error>) {
  const timers = new StandInTimers();
  const reads: string[][] = [];
  const announced: Array<{ status: string; arrived: boolean; deposit: boolean }> = [];
  const follower = new OrderFollower({
    timers,
    read: async (providers) => {
      reads.push([...providers]);
      const answer = answers.shift() ?? [];
      if (answer instanceof Error) throw answer;
      return answer;
    },
    announce: (view, arrived) => announced.push({ status: view.status, arrived, deposit: view.deposit !== null }),
  });
  return { timers, reads, announced, follower };
}

describe('OrderFollower', () => {
  it('waits longer each time nothing changes, up to 30 s', async () => {
    const open = order('initial');
    const { timers, follower } = setup(Array.from({ length: 9 }, () => [open]));
    follower.track(open);
    const pauses: number[] = [];
    for (let i = 0; i < 9; i += 1) pauses.push(await timers.fire());
    expect(pauses).toEqual([...FOLLOW_BACKOFF_MS, 30_000, 30_000]);
  });

  it('goes back to 2 s when the status changes, and announces the change', async () => {
    const { timers, announced, follower } = setup([[order('initial')], [order('initial')], [order('in_progress')], [order('in_progress')]]);
    follower.track(order('initial'));
    expect([await timers.fire(), await timers.fire(), await timers.fire()]).toEqual([2_000, 3_000, 5_000]);
    expect(await timers.fire()).toBe(2_000);
    expect(announced).toEqual([{ status: 'in_progress', arrived: false, deposit: false }]);
  });

  it('announces the arrival once, when completed and the deposit is found, then stops reading', async () => {
    const done = order('completed', { deposit: DEPOSIT });
    const { timers, announced, reads, follower } = setup([[order('completed')], [done], [done]]);
    follower.track(order('in_progress'));
    await timers.fire();
    expect(announced).toEqual([{ status: 'completed', arrived: false, deposit: false }]);
    // Completed without its deposit: still followed, for the deposit.
    await timers.fire();
    expect(announced.at(-1)).toEqual({ status: 'completed', arrived: true, deposit: true });
    expect(timers.pending).toHaveLength(0);
    follower.observe([done]);
    expect(announced.filter((a) => a.arrived)).toHaveLength(1);
    expect(reads).toHaveLength(2);
  });

  it('gives up looking for a deposit ten minutes after completion', async () => {
    const { timers, follower, reads } = setup(Array.from({ length: 100 }, () => [order('completed')]));
    follower.track(order('in_progress'));
    while (timers.pending.length > 0 && timers.nowMs < DEPOSIT_SEARCH_MS + 60_000) await timers.fire();
    expect(timers.pending).toHaveLength(0);
    expect(timers.nowMs).toBeGreaterThanOrEqual(DEPOSIT_SEARCH_MS);
    expect(reads.length).toBeGreaterThan(10);
  });

  it('never announces an arrival for an order already completed when first listed', async () => {
    const { timers, announced, follower } = setup([]);
    follower.observe([order('completed'), order('expired', { id: '2' })]);
    follower.observe([order('completed', { deposit: DEPOSIT }), order('expired', { id: '2' })]);
    expect(announced).toEqual([{ status: 'completed', arrived: false, deposit: true }]);
    expect(timers.pending).toHaveLength(0);
  });

  it('reads at once when nudged (a buy-crypto deposit arrived), from the shortest pause again', async () => {
    const { timers, reads, follower } = setup([[order('initial')], [order('initial')], [order('initial')]]);
    follower.track(order('initial'));
    await timers.fire();
    await timers.fire();
    follower.nudge();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toHaveLength(3);
    expect(timers.pending.map((p) => p.ms)).toEqual([2_000]);
  });

  it('keeps following through a failed read, and stops everything on close', async () => {
    const { timers, follower, reads } = setup([new Error('down'), [order('initial')]]);
    follower.track(order('initial'));
    await timers.fire();
    expect(timers.pending.map((p) => p.ms)).toEqual([3_000]);
    follower.close();
    expect(timers.pending).toHaveLength(0);
    follower.nudge();
    expect(reads).toHaveLength(1);
  });
});
