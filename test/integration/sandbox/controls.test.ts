// Test controls (token, faults, deposit, reset), rate limits, and state that survives a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_TOKEN, errorCode, startHarness, type Harness } from './harness';

describe('controls', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses a missing or wrong token, and accepts X-Sandbox-Token', async () => {
    const none = await fetch(`${h.sandbox.restUrl}/sandbox/clock`);
    expect(none.status).toBe(401);
    const wrong = await fetch(`${h.sandbox.restUrl}/sandbox/clock`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const header = await fetch(`${h.sandbox.restUrl}/sandbox/clock`, { headers: { 'x-sandbox-token': CONTROL_TOKEN } });
    expect(header.status).toBe(200);
  });

  it('injects an error status for a path pattern a given number of times', async () => {
    await h.control('POST', '/sandbox/faults', { path: '/api/3/wallet/balance*', status: 503, code: 503, message: 'Service Unavailable', count: 2 });
    const first = await h.call('GET', '/api/3/wallet/balance');
    expect([first.status, errorCode(first)]).toEqual([503, 503]);
    expect((await h.call('GET', '/api/3/wallet/balance/BTC')).status).toBe(503);
    expect((await h.call('GET', '/api/3/wallet/balance')).status).toBe(200);
    expect((await h.call('GET', '/api/3/spot/balance')).status).toBe(200);
  });

  it('with after: true, handles the request and then loses the reply', async () => {
    await h.control('POST', '/sandbox/faults', { path: '/api/3/wallet/transfer', method: 'POST', status: 504, code: 504, count: 1, after: true });
    const before = ((await h.call('GET', '/api/3/wallet/transactions', { query: 'types=TRANSFER' })).json as unknown[]).length;
    const lost = await h.call('POST', '/api/3/wallet/transfer', { body: { currency: 'USDT', amount: '2', source: 'wallet', destination: 'spot' } });
    expect([lost.status, errorCode(lost)]).toEqual([504, 504]);
    const after = ((await h.call('GET', '/api/3/wallet/transactions', { query: 'types=TRANSFER' })).json as unknown[]).length;
    expect(after).toBe(before + 1);
  });

  it('injects latency, and DELETE /sandbox/faults clears every rule', async () => {
    await h.control('POST', '/sandbox/faults', { path: '/api/3/spot/*', latency_ms: 300 });
    const started = Date.now();
    await h.call('GET', '/api/3/spot/balance');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await h.control('DELETE', '/sandbox/faults');
    const again = Date.now();
    await h.call('GET', '/api/3/spot/balance');
    expect(Date.now() - again).toBeLessThan(250);
  });

  it('resets the world to its seed', async () => {
    await h.call('POST', '/api/3/wallet/transfer', { body: { currency: 'USDT', amount: '5', source: 'wallet', destination: 'spot' } });
    expect(((await h.call('GET', '/api/3/wallet/transactions')).json as unknown[]).length).toBeGreaterThan(0);
    expect((await h.control('POST', '/sandbox/reset')).json).toEqual({ result: true });
    await h.refreshAccounts();
    expect(((await h.call('GET', '/api/3/wallet/transactions')).json as unknown[]).length).toBe(0);
    expect(h.sandbox.master.apiKey).toBe(h.key().api_key);
  });

  it('is absent (404) when no control token is configured', async () => {
    const { startSandbox } = await import('../../../main/sandbox/server');
    const bare = await startSandbox({ lightSeed: true });
    try {
      const res = await fetch(`${bare.restUrl}/sandbox/accounts`, { headers: { authorization: `Bearer ${CONTROL_TOKEN}` } });
      expect(res.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('rate limits', () => {
  let h: Harness;
  beforeAll(async () => {
    // scale 0.25: /wallet/* per IP allows (10 + 10) × 0.25 = 5 calls per second.
    h = await startHarness({ limits: { enabled: true, scale: 0.25 } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers 429 with the error body past rate + burst within one second, per path group', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, () => h.call('GET', '/api/3/wallet/balance')));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    const limited = replies.find((r) => r.status === 429);
    expect(limited?.json).toMatchObject({ error: { code: 429, message: expect.any(String) } });
    expect((await h.call('GET', '/api/3/spot/balance')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await h.call('GET', '/api/3/wallet/balance')).status).toBe(200);
  });

  it('counts the service\'s replies by status and by area at /sandbox/stats (controls left out), until DELETE starts again', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    await h.control('DELETE', '/sandbox/stats');
    await Promise.all(Array.from({ length: 8 }, () => h.call('GET', '/api/3/wallet/balance')));
    await h.call('GET', '/api/3/public/currency/BTC');
    await h.control('GET', '/sandbox/clock');
    expect((await h.control('GET', '/sandbox/stats')).json).toEqual({
      responses: { 200: 6, 429: 3 },
      areas: { '/api/3/public': 1, '/api/3/wallet': 8 },
    });
    await h.control('DELETE', '/sandbox/stats');
    expect((await h.control('GET', '/sandbox/stats')).json).toEqual({ responses: {}, areas: {} });
  });
});

describe('persistence', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps keys, balances and transactions across a restart on a file database', async () => {
    const db = join(dir, 'state.sqlite');
    const first = await startHarness({ db });
    const reply = await first.call('POST', '/api/3/wallet/crypto/withdraw', { body: { currency: 'BTC', amount: '0.01', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', auto_commit: false } });
    const id = (reply.json as { id: string }).id;
    const balance = (await first.call('GET', '/api/3/wallet/balance/BTC')).json;
    const key = first.key();
    await first.close();
    const second = await startHarness({ db });
    try {
      expect(second.key()).toEqual(key);
      expect((await second.call('GET', '/api/3/wallet/balance/BTC')).json).toEqual(balance);
      expect((await second.call('GET', `/api/3/wallet/transactions/${id}`)).json).toMatchObject({ status: 'CREATED' });
      expect((await second.call('PUT', `/api/3/wallet/crypto/withdraw/${id}`)).json).toEqual({ result: true });
      await second.control('POST', '/sandbox/clock/advance', { ms: 3_600_000 });
      const clockBefore = ((await second.control('GET', '/sandbox/clock')).json as { now_ms: number }).now_ms;
      await second.close();
      const third = await startHarness({ db });
      const clockAfter = ((await third.control('GET', '/sandbox/clock')).json as { now_ms: number }).now_ms;
      expect(clockAfter).toBeGreaterThanOrEqual(clockBefore);
      expect((await third.call('GET', `/api/3/wallet/transactions/${id}`)).json).toMatchObject({ status: 'SUCCESS' });
      await third.close();
    } finally {
      await second.close().catch(() => undefined);
    }
  });

  it('adopts a master key pair given at start on an existing database, keeping the earlier one', async () => {
    const db = join(dir, 'keys.sqlite');
    const first = await startHarness({ db });
    const earlier = first.key();
    await first.close();
    const second = await startHarness({ db, apiKey: 'given-key-0001', secretKey: 'given-secret-0001' });
    try {
      expect(second.sandbox.master.apiKey).toBe('given-key-0001');
      expect((await second.call('GET', '/api/3/wallet/balance')).status).toBe(200);
      expect((await second.call('GET', '/api/3/wallet/balance', { key: earlier })).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
