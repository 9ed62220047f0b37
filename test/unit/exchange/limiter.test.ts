// Scheduling of the client-side limiter, on real timers with a short window.
import { describe, expect, it } from 'vitest';
import { RateLimiter, type Priority } from '../../../main/exchange/limiter';
import { rememberedRulesForPath, rulesForPath, type LimitRule } from '../../../main/exchange/rate-limits';

const scope = { host: '127.0.0.1:1', account: 'key' };
const tiny: LimitRule[] = [
  { name: 'ip:wallet', scope: 'ip', prefixes: ['/wallet/'], rate: 2, burst: 1 },
  { name: 'ip:default', scope: 'ip', prefixes: [], rate: 1, burst: 1 },
];

/** Acquire and release at once (a reply that came back instantly); resolves with the grant time. */
async function pass(limiter: RateLimiter, path: string, priority: Priority = 'user'): Promise<number> {
  const release = await limiter.acquire(path, scope, priority);
  release();
  return Date.now();
}

describe('rate rules', () => {
  it('puts each path under its IP rule and any account rule', () => {
    expect(rulesForPath('/api/3/wallet/transactions').map((rule) => rule.name)).toEqual(['ip:wallet', 'account:wallet']);
    expect(rulesForPath('/api/3/public/currency').map((rule) => rule.name)).toEqual(['ip:public']);
    expect(rulesForPath('/api/3/spot/order/abc').map((rule) => rule.name)).toEqual(['ip:spot-order']);
    expect(rulesForPath('/api/3/sub-account/freeze').map((rule) => rule.name)).toEqual(['ip:default', 'account:sub-account']);
  });

  it('remembers the match per rule set and path, as the same array', () => {
    const first = rememberedRulesForPath('/api/3/wallet/transactions');
    expect(first).toEqual(rulesForPath('/api/3/wallet/transactions'));
    expect(rememberedRulesForPath('/api/3/wallet/transactions')).toBe(first);
    expect(rememberedRulesForPath('/api/3/wallet/transactions', tiny).map((rule) => rule.name)).toEqual(['ip:wallet']);
    expect(rememberedRulesForPath('/api/3/sub-account/freeze', tiny).map((rule) => rule.name)).toEqual(['ip:default']);
  });
});

describe('RateLimiter', () => {
  it('lets rate + burst through at once and queues the rest to the next window', async () => {
    const limiter = new RateLimiter({ windowMs: 200, marginMs: 0, rules: tiny });
    const start = Date.now();
    const times = (await Promise.all(Array.from({ length: 7 }, () => pass(limiter, '/api/3/wallet/x')))).map((t) => t - start);
    expect(times.slice(0, 3).every((t) => t < 50)).toBe(true);
    expect(times.slice(3, 6).every((t) => t >= 195 && t < 300)).toBe(true);
    expect(times[6]).toBeGreaterThanOrEqual(395);
  });

  it('never lets more than capacity start within any window', async () => {
    const limiter = new RateLimiter({ windowMs: 100, marginMs: 0, rules: tiny });
    const stamps = await Promise.all(Array.from({ length: 20 }, () => pass(limiter, '/api/3/wallet/x')));
    for (const [index, at] of stamps.entries()) {
      // 2 ms of slack: the stamp is taken at release, the test reads the clock a tick later.
      const inWindow = stamps.filter((other, j) => j >= index && other < at + 98).length;
      expect(inWindow).toBeLessThanOrEqual(3);
    }
  });

  it('holds a slot while its request is in flight and counts the window from the reply', async () => {
    const limiter = new RateLimiter({ windowMs: 100, marginMs: 0, rules: tiny });
    const releases = await Promise.all([1, 2, 3].map(() => limiter.acquire('/api/3/wallet/x', scope)));
    const start = Date.now();
    const fourth = limiter.acquire('/api/3/wallet/x', scope).then(() => Date.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 250));
    releases.forEach((release) => release());
    expect(await fourth).toBeGreaterThanOrEqual(345);
  });

  it('serves user calls before queued background calls', async () => {
    const limiter = new RateLimiter({ windowMs: 150, marginMs: 0, rules: tiny });
    const order: string[] = [];
    await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => pass(limiter, '/api/3/x', 'background').then(() => order.push(`bg${i}`))),
      pass(limiter, '/api/3/x', 'user').then(() => order.push('user')),
    ]);
    expect(order).toEqual(['bg0', 'bg1', 'user', 'bg2', 'bg3']);
  });

  it('keeps classes apart: a full wallet window does not hold up other paths', async () => {
    const limiter = new RateLimiter({ windowMs: 300, marginMs: 0, rules: tiny });
    await Promise.all([1, 2, 3].map(() => pass(limiter, '/api/3/wallet/x')));
    const start = Date.now();
    const walletWait = pass(limiter, '/api/3/wallet/x');
    await pass(limiter, '/api/3/other');
    expect(Date.now() - start).toBeLessThan(50);
    expect((await walletWait) - start).toBeGreaterThanOrEqual(250);
  });

  it('holds a path after pause (a 429 seen anyway)', async () => {
    const limiter = new RateLimiter({ windowMs: 100, marginMs: 0, rules: tiny });
    limiter.pause('/api/3/other', scope, 120);
    const start = Date.now();
    expect((await pass(limiter, '/api/3/other')) - start).toBeGreaterThanOrEqual(115);
  });

  it('counts a path by the rules given with the call, also after the same path was counted by others', async () => {
    const limiter = new RateLimiter({ windowMs: 300, marginMs: 0, rules: tiny });
    const single: LimitRule[] = [{ name: 'ip:single', scope: 'ip', prefixes: [], rate: 1, burst: 0 }];
    await pass(limiter, '/api/3/wallet/x');
    const first = await limiter.acquire('/api/3/wallet/x', scope, 'user', single);
    first();
    const start = Date.now();
    const second = await limiter.acquire('/api/3/wallet/x', scope, 'user', single);
    second();
    expect(Date.now() - start).toBeGreaterThanOrEqual(250);
  });

  it('shares windows between scope objects naming the same host', async () => {
    const limiter = new RateLimiter({ windowMs: 300, marginMs: 0, rules: tiny });
    const releases = await Promise.all([1, 2, 3].map(() => limiter.acquire('/api/3/wallet/x', { host: scope.host })));
    releases.forEach((release) => release());
    const start = Date.now();
    (await limiter.acquire('/api/3/wallet/x', { host: scope.host, account: 'other' }))();
    expect(Date.now() - start).toBeGreaterThanOrEqual(250);
  });

  it('keeps a request behind one already waiting on a window they share, though that window has room', async () => {
    const rules: LimitRule[] = [
      { name: 'ip:default', scope: 'ip', prefixes: [], rate: 5, burst: 5 },
      { name: 'account:sub-account', scope: 'account', prefixes: ['/sub-account'], rate: 1, burst: 0 },
    ];
    const limiter = new RateLimiter({ windowMs: 100, marginMs: 0, rules });
    const held = await limiter.acquire('/api/3/sub-account/a', scope);
    const order: string[] = [];
    const queued = limiter.acquire('/api/3/sub-account/a', scope).then((release) => {
      order.push('sub-account');
      release();
    });
    const other = limiter.acquire('/api/3/other', scope).then((release) => {
      order.push('other');
      release();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    held();
    await Promise.all([queued, other]);
    expect(order).toEqual(['sub-account', 'other']);
  });
});
