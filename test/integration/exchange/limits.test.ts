// With the service's real limits on, a burst of 1,000 calls queues in the client and completes
// without a single 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, startFixture, type Fixture } from './sandbox-fixture';

let fixture: Fixture;

beforeAll(async () => {
  fixture = await startFixture({ limits: { enabled: true } });
});
afterAll(() => fixture.close());

describe('client-side rate limiting', () => {
  it('1,000 calls at once (public and wallet mixed) complete with zero 429s', { timeout: 60_000 }, async () => {
    const { api, statuses } = clientFor(fixture);
    const started = Date.now();
    const calls = Array.from({ length: 1_000 }, (_, index) =>
      index % 5 === 0 ? api.walletBalances() : api.priceRates(['BTC'], 'USDT'));
    await Promise.all(calls);
    const seconds = (Date.now() - started) / 1_000;
    expect(statuses.length).toBe(1_000);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    // 800 public calls at 80 per second and 200 wallet calls at 20 per second: about 10 s.
    expect(seconds).toBeGreaterThan(8);
    expect(seconds).toBeLessThan(14);
  });

  it('a user call overtakes a queued background sync', async () => {
    const { api } = clientFor(fixture);
    const background = api.withPriority('background');
    const finished: string[] = [];
    const sync = Array.from({ length: 60 }, () => background.walletBalances().then(() => finished.push('bg')));
    const user = api.walletBalances().then(() => finished.push('user'));
    await Promise.all([...sync, user]);
    expect(finished.indexOf('user')).toBeLessThan(25);
  });
});
