// Scheduling of the client-side limiter, on real timers with a short window.
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../main/exchange/limiter';
import { rulesForPath, type LimitRule } from '../../../main/exchange/rate-limits';

const scope = { host: '127.0.0.1:1', account: 'key' };
const tiny: LimitRule[] = [
  { name: 'ip:wallet', scope: 'ip', prefixes: ['/wallet/'], rate: 2, burst: 1 },
  { name: 'ip:default', scope: 'ip', prefixes: [], rate: 1, burst: 1 },
];

describe('rate rules', () => {
  it('puts each path under its IP rule and any account rule', () => {
    expect(rulesForPath('/api/3/wallet/transactions').map((rule) => rule.name)).toEqual(['ip:wallet', 'account:wallet']);
    expect(rulesForPath('/api/3/public/currency').map((rule) => rule.name)).toEqual(['ip:public']);
    expect(rulesForPath('/api/3/spot/order/abc').map((rule) => rule.name)).toEqual(['ip:spot-order']);
    expect(rulesForPath('/api/3/sub-account/freeze').map((rule) => rule.name)).toEqual(['ip:default', 'account:sub-account']);
  });
});

describe('RateLimiter', () => {
  it('lets rate + burst through at once and queues the rest to the next window', async () => {
    const limiter = new RateLimiter({ windowMs: 200, marginMs: 0, rules: tiny });
    const start = Date.now();
    const times = await Promise.all(Array.from({ length: 7 }, () =>
      limiter.acquire('/api/3/wallet/x', scope).then(() => Date.now() - start)));
    expect(times.slice(0, 3).every((t) => t < 50)).toBe(true);
    expect(times.slice(3, 6).every((t) => t >= 195 && t < 300)).toBe(true);
    expect(times[6]).toBeGreaterThanOrEqual(395);
  });

  it('never lets more than capacity start within any window', async () => {
    const limiter = new RateLimiter({ windowMs: 100, marginMs: 0, rules: tiny });
    const stamps: number[] = [];
    await Promise.all(Array.from({ length: 20 }, () => limiter.acquire('/api/3/wallet/x', scope).then(() => stamps.push(Date.now()))));
    for (const [index, at] of stamps.entries()) {
      const inWindow = stamps.filter((other, j) => j >= index && other < at + 100).length;
      expect(inWindow).toBeLessThanOrEqual(3);
    }
  });

  it('serves user calls before queued background calls', async () => {
    const limiter = new RateLimiter({ windowMs: 150, marginMs: 0, rules: tiny });
    const order: string[] = [];
    const calls = [
      ...Array.from({ length: 4 }, (_, i) => limiter.acquire('/api/3/x', scope, 'background').then(() => order.push(`bg${i}`))),
      limiter.acquire('/api/3/x', scope, 'user').then(() => order.push('user')),
    ];
    await Promise.all(calls);
    expect(order).toEqual(['bg0', 'bg1', 'user', 'bg2', 'bg3']);
  });

  it('keeps classes apart: a full wallet window does not hold up other paths', async () => {
    const limiter = new RateLimiter({ windowMs: 300, marginMs: 0, rules: tiny });
    await Promise.all([1, 2, 3].map(() => limiter.acquire('/api/3/wallet/x', scope)));
    const start = Date.now();
    const walletWait = limiter.acquire('/api/3/wallet/x', scope);
    await limiter.acquire('/api/3/other', scope);
    expect(Date.now() - start).toBeLessThan(50);
    await walletWait;
    expect(Date.now() - start).toBeGreaterThanOrEqual(250);
  });

  it('holds a path after pause (a 429 seen anyway)', async () => {
    const limiter = new RateLimiter({ windowMs: 100, marginMs: 0, rules: tiny });
    limiter.pause('/api/3/other', scope, 120);
    const start = Date.now();
    await limiter.acquire('/api/3/other', scope);
    expect(Date.now() - start).toBeGreaterThanOrEqual(115);
  });
});
