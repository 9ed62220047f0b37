// Version 2 authentication of the sandbox's REST side (api-v2.md "Authentication", SUPPLEMENT §1):
// HS256 over METHOD + seconds + PATH (+ ?query) + body as apiKey:timestamp:signature, and Basic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorCode, errorDescription, hmacHex, hs256Header, hs256V2Header, startHarness, type Harness, type Reply, type TestKey,
} from '../sandbox/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** A request with a header built by the caller, nothing else added. */
async function send(method: string, pathWithQuery: string, authorization: string | undefined, body?: string): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers.authorization = authorization;
  if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(h.sandbox.restUrl + pathWithQuery, { method, headers, body });
  const text = await res.text();
  return { status: res.status, text, json: text === '' ? null : JSON.parse(text) as unknown };
}

function v2Header(key: TestKey, signedText: string, seconds: number): string {
  return `HS256 ${Buffer.from(`${key.api_key}:${seconds}:${hmacHex(key.secret_key, signedText)}`).toString('base64')}`;
}

describe('the version 2 signature', () => {
  // Vectors from: printf '%s' '<text>' | openssl dgst -sha256 -hmac secret
  const key: TestKey = { label: 'vector', api_key: 'key', secret_key: 'secret', rights: [] };

  it('matches openssl vectors for a GET, a GET with a query and a form POST', () => {
    expect(hmacHex('secret', 'GET1700000000/api/2/account/balance'))
      .toBe('0f2a7105f4a9a6a727c793e3adddc240568d3f9b933c49d3a8a3e82b8a0293dc');
    expect(hmacHex('secret', 'GET1700000000/api/2/account/transactions?currency=BTC&limit=5'))
      .toBe('fc27e7b438983cbf263b0dcd3173e9694ba5b2550acdf2e54ce7ed143d15a628');
    expect(hmacHex('secret', 'POST1700000000/api/2/account/transfercurrency=USDT&amount=1&type=bankToExchange'))
      .toBe('628ff67453872dbc4f70fc797e00ead5120891f49493164a4fb4f0480ef8df46');
  });

  it('is carried by the harness header as apiKey:timestamp:signature', () => {
    const header = hs256V2Header(key, 'GET', '/api/2/account/transactions?currency=BTC&limit=5', '', 1_700_000_000);
    expect(header.startsWith('HS256 ')).toBe(true);
    expect(Buffer.from(header.slice(6), 'base64').toString('utf8'))
      .toBe('key:1700000000:fc27e7b438983cbf263b0dcd3173e9694ba5b2550acdf2e54ce7ed143d15a628');
  });
});

describe('version 2 requests', () => {
  it('accepts HS256 v2 on a GET, on a GET with a query, and on a form POST', async () => {
    const balance = await h.call('GET', '/api/2/account/balance', { auth: 'hs256-v2' });
    expect(balance.status, balance.text).toBe(200);
    expect(balance.json).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'USDT' })]));
    const listed = await h.call('GET', '/api/2/account/transactions', { auth: 'hs256-v2', query: 'currency=BTC&limit=5' });
    expect(listed.status, listed.text).toBe(200);
    expect((listed.json as unknown[]).length).toBeLessThanOrEqual(5);
    const moved = await h.call('POST', '/api/2/account/transfer', { auth: 'hs256-v2', form: true, body: { currency: 'USDT', amount: '1', type: 'bankToExchange' } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toEqual({ id: expect.any(String) });
  });

  it('accepts a non-GET call with a query string signed with or without it', async () => {
    const key = h.key();
    const body = 'currency=USDT&amount=1&type=exchangeToBank';
    const path = '/api/2/account/transfer';
    const query = 'note=x';
    const seconds = nowSeconds();
    const withQuery = await send('POST', `${path}?${query}`, v2Header(key, `POST${seconds}${path}?${query}${body}`, seconds), body);
    expect(withQuery.status, withQuery.text).toBe(200);
    const withoutQuery = await send('POST', `${path}?${query}`, v2Header(key, `POST${seconds}${path}${body}`, seconds), body);
    expect(withoutQuery.status, withoutQuery.text).toBe(200);
  });

  it('accepts Basic', async () => {
    const reply = await h.call('GET', '/api/2/account/balance', { auth: 'basic' });
    expect(reply.status, reply.text).toBe(200);
  });

  it('answers 401/1001 without a header', async () => {
    const reply = await h.call('GET', '/api/2/account/balance', { key: null });
    expect([reply.status, errorCode(reply)]).toEqual([401, 1001]);
  });

  it('answers 401/1002 for a wrong signature', async () => {
    const reply = await h.call('GET', '/api/2/account/balance', { auth: 'hs256-v2', key: { ...h.key(), secret_key: 'wrong-secret' } });
    expect([reply.status, errorCode(reply)]).toEqual([401, 1002]);
    expect(errorDescription(reply)).toContain('signature');
    const otherPath = await send('GET', '/api/2/account/balance', v2Header(h.key(), `GET${nowSeconds()}/api/2/trading/balance`, nowSeconds()));
    expect([otherPath.status, errorCode(otherPath)]).toEqual([401, 1002]);
  });

  it('answers 401/1002 naming the clock for a timestamp too far from now, either way, or in milliseconds', async () => {
    for (const timestamp of [nowSeconds() - 60, nowSeconds() + 60, Date.now()]) {
      const reply = await h.call('GET', '/api/2/account/balance', { auth: 'hs256-v2', timestamp });
      expect([reply.status, errorCode(reply)], String(timestamp)).toEqual([401, 1002]);
      expect(errorDescription(reply)).toMatch(/Timestamp .*seconds/);
    }
    const slightlyOld = await h.call('GET', '/api/2/account/balance', { auth: 'hs256-v2', timestamp: nowSeconds() - 8 });
    expect(slightlyOld.status, slightlyOld.text).toBe(200);
  });

  it('refuses the version 3 header under /api/2, and the version 2 header under /api/3', async () => {
    const v3Style = await send('GET', '/api/2/account/balance', hs256Header(h.key(), 'GET', '/api/2/account/balance', '', Date.now()));
    expect([v3Style.status, errorCode(v3Style)]).toEqual([401, 1002]);
    const v3Windowed = await send('GET', '/api/2/account/balance', hs256Header(h.key(), 'GET', '/api/2/account/balance', '', Date.now(), 10_000));
    expect([v3Windowed.status, errorCode(v3Windowed)]).toEqual([401, 1002]);
    const v2OnV3 = await h.call('GET', '/api/3/wallet/balance', { auth: 'hs256-v2' });
    expect([v2OnV3.status, errorCode(v2OnV3)]).toEqual([401, 1002]);
    const v3OnV3 = await h.call('GET', '/api/3/wallet/balance');
    expect(v3OnV3.status).toBe(200);
  });

  it('answers 403/1003 for a key lacking the right, before any validation', async () => {
    const histOnly = await h.call('GET', '/api/2/account/balance', { auth: 'hs256-v2', key: h.key('hist-only') });
    expect([histOnly.status, errorCode(histOnly)]).toEqual([403, 1003]);
    const basic = await h.call('POST', '/api/2/account/transfer', { auth: 'basic', key: h.key('hist-only'), form: true, body: {} });
    expect([basic.status, errorCode(basic)]).toEqual([403, 1003]);
    const allowed = await h.call('GET', '/api/2/trading/balance', { auth: 'hs256-v2', key: h.key('hist-only') });
    expect(allowed.status, allowed.text).toBe(200);
  });
});
