// Version 2 rate limits (api-v2.md "Limits"): the table for /api/2 paths, and bursts over it
// answered 429 by a sandbox with limits on, without touching version 3's windows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRestLimit, ipRestLimit } from '../../../main/sandbox/limits/tables';
import { errorCode, startHarness, type Harness } from '../sandbox/harness';

describe('the version 2 table', () => {
  it('gives market data 100/s per IP, orders 300/s and everything else 10/s per user', () => {
    expect(ipRestLimit('/api/2/public/ticker/BTCUSDT')).toMatchObject({ rate: 100, burst: 0 });
    expect(ipRestLimit('/api/2/account/balance')).toBeNull();
    expect(accountRestLimit('/api/2/order/abc')).toMatchObject({ rate: 300, burst: 0 });
    expect(accountRestLimit('/api/2/margin/order')).toMatchObject({ rate: 300, burst: 0 });
    for (const path of ['/api/2/history/trades', '/api/2/account/balance', '/api/2/sub-acc/acl', '/api/2/trading/balance']) {
      expect(accountRestLimit(path), path).toMatchObject({ rate: 10, burst: 0 });
    }
    expect(ipRestLimit('/api/2/public/symbol')?.group).not.toBe(ipRestLimit('/api/3/public/symbol')?.group);
  });

  it('leaves the version 3 figures as they were', () => {
    expect(ipRestLimit('/api/3/public/ticker')).toMatchObject({ rate: 30, burst: 50 });
    expect(ipRestLimit('/api/3/spot/balance')).toMatchObject({ group: 'default', rate: 20, burst: 30 });
    expect(accountRestLimit('/api/3/wallet/balance')).toMatchObject({ rate: 20, burst: 30 });
    expect(accountRestLimit('/api/3/spot/balance')).toBeNull();
  });
});

describe('a burst over the version 2 limits', () => {
  let h: Harness;
  // A tenth of the published figures: 10 market data calls per second, 1 other call per user.
  beforeAll(async () => {
    h = await startHarness({ limits: { enabled: true, scale: 0.1 } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers 429 past 10 market data calls in a second, while version 3 market data still answers', async () => {
    const replies = await Promise.all(Array.from({ length: 13 }, () => h.call('GET', '/api/2/public/symbol/BTCUSDT', { key: null })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(errorCode(replies.find((r) => r.status === 429)!)).toBe(429);
    const v3 = await h.call('GET', '/api/3/public/symbol/BTCUSDT', { key: null });
    expect(v3.status).toBe(200);
  });

  it('answers 429 to the second account call in a second, per user', async () => {
    const first = await h.call('GET', '/api/2/account/balance', { auth: 'hs256-v2' });
    const second = await h.call('GET', '/api/2/history/trades', { auth: 'hs256-v2' });
    expect([first.status, second.status]).toEqual([200, 429]);
    const v3 = await h.call('GET', '/api/3/spot/balance');
    expect(v3.status).toBe(200);
  });
});
