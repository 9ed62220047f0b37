// Signature checks of the sandbox against vectors computed with
// `printf '%s' MESSAGE | openssl dgst -sha256 -hmac sandbox-secret`.
import { describe, expect, it } from 'vitest';
import { authenticate, type KeyLookup } from '../../../main/sandbox/auth/authenticate';
import { ServiceError } from '../../../main/sandbox/http/errors';

const KEY = { accountId: 7, apiKey: 'sandbox-key', secretKey: 'sandbox-secret', rights: ['PAY'] as const };
const keys: KeyLookup = { findKey: (k) => (k === KEY.apiKey ? { ...KEY, rights: [...KEY.rights] } : undefined) };
const TS = 1_700_000_000_000;
const GET_SIG = 'f24bf7d8a171ff3ab7f9d2e09471a7dc3af729e31d9aa9619070e92ddf2842cc';
const POST_SIG_WINDOW = '95f8aa1f3641f99d0867b120c396f7ce36182bf18d4b0e7d8b0fd237e46600d8';
const POST_BODY = '{"currency":"BTC","amount":"0.01"}';

function hs256(...parts: string[]): string {
  return `HS256 ${Buffer.from(parts.join(':')).toString('base64')}`;
}

function codeOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error.code;
    throw error;
  }
  return undefined;
}

const getRequest = { method: 'GET', path: '/api/3/wallet/balance', rawQuery: 'currency=BTC', rawBody: '' };
const postRequest = { method: 'POST', path: '/api/3/wallet/crypto/withdraw', rawQuery: '', rawBody: POST_BODY };

describe('authenticate', () => {
  it('accepts a GET signed over path, query and millisecond timestamp', () => {
    const key = authenticate(hs256(KEY.apiKey, GET_SIG, String(TS)), getRequest, keys, TS + 500);
    expect(key).toEqual({ accountId: 7, apiKey: 'sandbox-key', rights: ['PAY'] });
  });

  it('accepts a POST signed over the raw body with a window', () => {
    const key = authenticate(hs256(KEY.apiKey, POST_SIG_WINDOW, String(TS), '15000'), postRequest, keys, TS + 14_000);
    expect(key.accountId).toBe(7);
  });

  it('refuses a signature over different bytes (1002)', () => {
    const reordered = { ...postRequest, rawBody: '{"amount":"0.01","currency":"BTC"}' };
    expect(codeOf(() => authenticate(hs256(KEY.apiKey, POST_SIG_WINDOW, String(TS), '15000'), reordered, keys, TS))).toBe(1002);
  });

  it('refuses a timestamp outside the default 10 s window, and a future one', () => {
    expect(codeOf(() => authenticate(hs256(KEY.apiKey, GET_SIG, String(TS)), getRequest, keys, TS + 10_001))).toBe(1002);
    expect(codeOf(() => authenticate(hs256(KEY.apiKey, GET_SIG, String(TS)), getRequest, keys, TS - 5_000))).toBe(1002);
  });

  it('refuses a window above 60 000 ms', () => {
    expect(codeOf(() => authenticate(hs256(KEY.apiKey, GET_SIG, String(TS), '60001'), getRequest, keys, TS))).toBe(1002);
  });

  it('accepts Basic and refuses a wrong secret', () => {
    const basic = (secret: string) => `Basic ${Buffer.from(`${KEY.apiKey}:${secret}`).toString('base64')}`;
    expect(authenticate(basic('sandbox-secret'), getRequest, keys, TS).apiKey).toBe('sandbox-key');
    expect(codeOf(() => authenticate(basic('sandbox-secreT'), getRequest, keys, TS))).toBe(1002);
  });

  it('answers 1001 without a header and 1004 for another scheme', () => {
    expect(codeOf(() => authenticate(undefined, getRequest, keys, TS))).toBe(1001);
    expect(codeOf(() => authenticate('Bearer abc', getRequest, keys, TS))).toBe(1004);
  });
});
