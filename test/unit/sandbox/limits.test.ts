// The published limit tables and the 1-second sliding window.
import { describe, expect, it } from 'vitest';
import { LimitPolicy } from '../../../main/sandbox/limits/policy';
import { SlidingWindow } from '../../../main/sandbox/limits/sliding-window';
import { accountRestLimit, accountStreamLimit, ipRestLimit } from '../../../main/sandbox/limits/tables';

describe('limit tables', () => {
  it('maps REST paths to the api-v3.md rows', () => {
    expect(ipRestLimit('/api/3/public/ticker')).toMatchObject({ rate: 30, burst: 50 });
    expect(ipRestLimit('/api/3/wallet/balance')).toMatchObject({ rate: 10, burst: 10 });
    expect(ipRestLimit('/api/3/spot/order/abc')).toMatchObject({ rate: 300, burst: 450 });
    expect(ipRestLimit('/api/3/spot/balance')).toMatchObject({ group: 'default', rate: 20, burst: 30 });
    expect(ipRestLimit('/api/3/buy-crypto/provider/1/rate')).toMatchObject({ rate: 10, burst: 10 });
    expect(accountRestLimit('/api/3/sub-account/freeze')).toMatchObject({ rate: 20, burst: 30 });
    expect(accountRestLimit('/api/3/spot/balance')).toBeNull();
    expect(accountStreamLimit('wallet', 'login')).toMatchObject({ rate: 2, burst: 10 });
    expect(accountStreamLimit('wallet', 'subscribe_transactions')).toMatchObject({ rate: 5, burst: 10 });
    expect(accountStreamLimit('trading', 'spot_new_order')).toMatchObject({ rate: 300, burst: 200 });
  });
});

describe('sliding window', () => {
  it('allows max calls in any 1000 ms and frees them as they age', () => {
    const window = new SlidingWindow();
    expect([0, 100, 200].map((t) => window.allow('k', 3, t))).toEqual([true, true, true]);
    expect(window.allow('k', 3, 999)).toBe(false);
    expect(window.allow('k', 3, 1000)).toBe(true);
    expect(window.allow('k', 3, 1050)).toBe(false);
    expect(window.allow('other', 3, 1050)).toBe(true);
  });

  it('scales rate + burst, and lets everything through when disabled', () => {
    let now = 0;
    const scaled = new LimitPolicy({ enabled: true, scale: 0.1 }, () => now);
    const results = Array.from({ length: 3 }, () => scaled.allowRestForIp('1.2.3.4', '/api/3/wallet/balance'));
    expect(results).toEqual([true, true, false]);
    now = 1_000;
    expect(scaled.allowRestForIp('1.2.3.4', '/api/3/wallet/balance')).toBe(true);
    const off = new LimitPolicy({ enabled: false }, () => now);
    expect(Array.from({ length: 100 }, () => off.allowRestForIp('1.2.3.4', '/api/3/wallet/balance')).every(Boolean)).toBe(true);
  });

  it('counts per account on /wallet/*, /buy-crypto/*, /sub-account/* only, and caps connections per IP', () => {
    const now = 0;
    const policy = new LimitPolicy({ enabled: true, scale: 0.1 }, () => now);
    expect(Array.from({ length: 6 }, () => policy.allowRestForAccount(1, '/api/3/sub-account/acl'))).toEqual([true, true, true, true, true, false]);
    expect(policy.allowRestForAccount(2, '/api/3/sub-account/acl')).toBe(true);
    expect(Array.from({ length: 50 }, () => policy.allowRestForAccount(1, '/api/3/spot/balance')).every(Boolean)).toBe(true);
    const opened = Array.from({ length: 101 }, () => policy.openConnection('9.9.9.9'));
    expect(opened.filter(Boolean)).toHaveLength(100);
    policy.closeConnection('9.9.9.9');
    expect(policy.openConnection('9.9.9.9')).toBe(true);
  });
});
