// Authentication, rights and routing of the sandbox's REST side, over real HTTP.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorDescription, hmacHex, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('the test HMAC helper', () => {
  it('matches vectors computed with openssl dgst -sha256 -hmac sandbox-secret', () => {
    expect(hmacHex('sandbox-secret', 'GET/api/3/wallet/balance?currency=BTC1700000000000'))
      .toBe('f24bf7d8a171ff3ab7f9d2e09471a7dc3af729e31d9aa9619070e92ddf2842cc');
    expect(hmacHex('sandbox-secret', '170000000000020000')).toBe('9050797dca24d6cfa793c3d20a46fb68f8ea75a25751fa0b245e8d79c6fdc678');
  });
});

describe('authentication', () => {
  it('accepts HS256 on GET with a query, with and without a window', async () => {
    const plain = await h.call('GET', '/api/3/wallet/balance', { query: 'currency=BTC' });
    expect(plain.status).toBe(200);
    expect((plain.json as { currency: string }[]).map((b) => b.currency)).toEqual(['BTC']);
    const windowed = await h.call('GET', '/api/3/wallet/balance/ETH', { window: 60_000 });
    expect(windowed.status).toBe(200);
    expect(windowed.json).toMatchObject({ available: expect.stringMatching(/^\d+\.\d{9}$/) });
  });

  it('accepts HS256 over a JSON body and over a form body, and Basic', async () => {
    const json = await h.call('POST', '/api/3/wallet/crypto/fee/estimate', { body: {} });
    expect(json.status).not.toBe(401);
    const form = await h.call('POST', '/api/3/wallet/transfer', { form: true, body: { currency: 'USDT', amount: '1', source: 'wallet', destination: 'spot' } });
    expect(form.status).toBe(200);
    expect(form.json).toEqual([expect.stringMatching(/^\d+$/)]);
    const basic = await h.call('GET', '/api/3/spot/balance/USDT', { auth: 'basic' });
    expect(basic.status).toBe(200);
  });

  it('answers 401/1001 without credentials', async () => {
    const reply = await h.call('GET', '/api/3/wallet/balance', { key: null });
    expect([reply.status, errorCode(reply)]).toEqual([401, 1001]);
    expect(reply.json).toMatchObject({ error: { message: expect.any(String) } });
  });

  it('answers 401/1002 for a bad signature, an old timestamp and a too large window', async () => {
    const other = { ...h.key(), secret_key: 'wrong-secret' };
    const badSig = await h.call('GET', '/api/3/wallet/balance', { key: other });
    expect([badSig.status, errorCode(badSig)]).toEqual([401, 1002]);
    const old = await h.call('GET', '/api/3/wallet/balance', { timestamp: Date.now() - 11_000 });
    expect([old.status, errorCode(old)]).toEqual([401, 1002]);
    const okOld = await h.call('GET', '/api/3/wallet/balance', { timestamp: Date.now() - 11_000, window: 20_000 });
    expect(okOld.status).toBe(200);
    const huge = await h.call('GET', '/api/3/wallet/balance', { window: 60_001 });
    expect([huge.status, errorCode(huge)]).toEqual([401, 1002]);
  });

  it('answers 401/1004 for an unsupported scheme', async () => {
    const reply = await h.call('GET', '/api/3/wallet/balance', { key: null, headers: { authorization: 'Digest abc' } });
    expect([reply.status, errorCode(reply)]).toEqual([401, 1004]);
  });
});

describe('rights', () => {
  it('answers 403/1003 to a key without the right', async () => {
    const reply = await h.call('GET', '/api/3/wallet/balance', { key: h.key('hist-only') });
    expect([reply.status, errorCode(reply)]).toEqual([403, 1003]);
    const spot = await h.call('GET', '/api/3/spot/balance', { key: h.key('pay-only') });
    expect([spot.status, errorCode(spot)]).toEqual([403, 1003]);
    const none = await h.call('GET', '/api/3/spot/balance', { key: h.key('no-rights') });
    expect(none.status).toBe(403);
  });

  it('checks the right before validating parameters (403 before 10001)', async () => {
    const withoutRight = await h.call('POST', '/api/3/wallet/crypto/withdraw', { key: h.key('pay-only'), body: { currency: 'NOPE' } });
    expect([withoutRight.status, errorCode(withoutRight)]).toEqual([403, 1003]);
    const withRight = await h.call('POST', '/api/3/wallet/crypto/withdraw', { key: h.key('wdr-only'), body: { currency: 'BTC' } });
    expect([withRight.status, errorCode(withRight)]).toEqual([400, 10001]);
    expect(errorDescription(withRight)).toContain('amount');
  });
});

describe('routing', () => {
  it('answers unknown paths with 404 in the service error shape', async () => {
    const reply = await h.call('GET', '/api/3/wallet/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.json).toMatchObject({ error: { code: 404, message: 'Not found' } });
  });

  it('tolerates a body on DELETE repeating the path parameter', async () => {
    const created = await h.call('POST', '/api/3/wallet/crypto/withdraw', {
      body: { currency: 'ETH', amount: '0.01', address: '0x742d35cc6634c0532925a3b844bc454e4438f44e', auto_commit: false },
    });
    const id = (created.json as { id: string }).id;
    const reply = await h.call('DELETE', `/api/3/wallet/crypto/withdraw/${id}`, { body: { id } });
    expect(reply.json).toEqual({ result: true });
  });

  it('answers a malformed JSON body with 10001 naming the body, after authentication', async () => {
    const key = h.key();
    const body = '{"currency": "BTC",';
    const timestamp = Date.now();
    const signature = hmacHex(key.secret_key, `POST/api/3/wallet/transfer${body}${timestamp}`);
    const res = await fetch(`${h.sandbox.restUrl}/api/3/wallet/transfer`, {
      method: 'POST', body,
      headers: { 'content-type': 'application/json', authorization: `HS256 ${Buffer.from(`${key.api_key}:${signature}:${timestamp}`).toString('base64')}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 10001, description: expect.stringContaining('body') } });
  });

  it('keeps connections alive', async () => {
    const header = await new Promise<string | undefined>((resolve, reject) => {
      const req = httpRequest(`${h.sandbox.restUrl}/api/3/public/currency/BTC`, (res) => {
        res.resume();
        resolve(res.headers.connection);
      });
      req.on('error', reject);
      req.end();
    });
    expect(header).toBe('keep-alive');
  });
});
