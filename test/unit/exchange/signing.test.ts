// Vectors computed independently with `printf '%s' TEXT | openssl dgst -sha256 -hmac secret-key-123`
// and `base64`, then pasted here as literals.
import { describe, expect, it } from 'vitest';
import {
  basicAuthorization, hmacSha256Hex, hs256AuthorizationV3, MAX_WINDOW_MS, signatureWindowMs, signRequestV3, streamLoginParamsV3,
  stringToSignV3,
} from '../../../main/exchange/signing';

const SECRET = 'secret-key-123';
const KEY = 'api-key-abc';

describe('HS256 version 3 signing', () => {
  it('signs a GET with its query and no window', () => {
    const request = { method: 'GET', path: '/api/3/wallet/balance', query: 'currency=BTC', body: '', timestampMs: 1700000000000 };
    expect(stringToSignV3(request)).toBe('GET/api/3/wallet/balance?currency=BTC1700000000000');
    expect(hmacSha256Hex(SECRET, stringToSignV3(request))).toBe('b7b15a0503fb0c580ca0109185ea5ba2f8fc7cafccb91c99758de2b87eed5363');
    expect(hs256AuthorizationV3(KEY, SECRET, request)).toBe(
      'HS256 YXBpLWtleS1hYmM6YjdiMTVhMDUwM2ZiMGM1ODBjYTAxMDkxODVlYTViYTJmOGZjN2NhZmNjYjkxYzk5NzU4ZGUyYjg3ZWVkNTM2MzoxNzAwMDAwMDAwMDAw',
    );
  });

  it('signs a POST over the exact body bytes, with a window', () => {
    const body = '{"currency":"BTC","amount":"0.01","address":"bc1qxyz"}';
    const request = { method: 'POST', path: '/api/3/wallet/crypto/withdraw', query: '', body, timestampMs: 1700000000123, windowMs: 10000 };
    expect(hmacSha256Hex(SECRET, stringToSignV3(request))).toBe('acd8d8a0c6630a5a0a1d2bbf6a180b29bc1dc44f83f85927438edab8de02c510');
    expect(hs256AuthorizationV3(KEY, SECRET, request)).toBe(
      'HS256 YXBpLWtleS1hYmM6YWNkOGQ4YTBjNjYzMGE1YTBhMWQyYmJmNmExODBiMjliYzFkYzQ0ZjgzZjg1OTI3NDM4ZWRhYjhkZTAyYzUxMDoxNzAwMDAwMDAwMTIzOjEwMDAw',
    );
  });

  it('leaves the query out for a non-GET and the body out for a GET', () => {
    const del = { method: 'DELETE', path: '/api/3/wallet/crypto/withdraw/42', query: 'ignored=1', body: '', timestampMs: 1700000000000 };
    expect(hmacSha256Hex(SECRET, stringToSignV3(del))).toBe('db6669e4034acc1072a2886adf1910aafe662c27c7dfd32656ab27f0e2f17222');
    const get = { method: 'GET', path: '/api/3/wallet/balance', query: 'currency=BTC', body: '{"x":1}', timestampMs: 1700000000000 };
    expect(stringToSignV3(get)).toBe('GET/api/3/wallet/balance?currency=BTC1700000000000');
  });
});

describe('what a version 3 request is sent with', () => {
  it('names the usual 10 s window when the credentials name none, and is accepted until timestamp + window', () => {
    const request = { method: 'GET', path: '/api/3/wallet/balance', query: 'currency=BTC', body: '', timestampMs: 1700000000000 };
    // printf '%s' 'GET/api/3/wallet/balance?currency=BTC170000000000010000' | openssl dgst -sha256 -hmac secret-key-123
    expect(signRequestV3('HS256', KEY, SECRET, request)).toEqual({
      header: 'HS256 YXBpLWtleS1hYmM6NDUyZDNlNGViNTU1OTJhNzNlNWZjNjc0YzAyNThjMGI4NDlmNDA5MzExOWVlYjdiY2YyZmFjZmU4MDZjMjAwZToxNzAwMDAwMDAwMDAwOjEwMDAw',
      acceptedUntilMs: 1700000010000,
    });
  });

  it('sends the credentials\' own window and is accepted exactly that long', () => {
    const body = '{"currency":"BTC","amount":"0.01","address":"bc1qxyz"}';
    const request = { method: 'POST', path: '/api/3/wallet/crypto/withdraw', query: '', body, timestampMs: 1700000000123, windowMs: 4000 };
    // printf '%s' 'POST/api/3/wallet/crypto/withdraw<body>17000000001234000' | openssl dgst -sha256 -hmac secret-key-123
    expect(signRequestV3('HS256', KEY, SECRET, request)).toEqual({
      header: 'HS256 YXBpLWtleS1hYmM6NThjZWUwYjYxMWI1YmM0ZGE0NTgxZGQ4N2EzNDcxNmM2NzY2MjhhZTY3Y2NiNzQxZjI3ZmZiM2RjNmFmNTdlNzoxNzAwMDAwMDAwMTIzOjQwMDA=',
      acceptedUntilMs: 1700000004123,
    });
  });

  it('sends Basic with no bound on when it may run', () => {
    const request = { method: 'POST', path: '/api/3/wallet/transfer', query: '', body: '{}', timestampMs: 1700000000000, windowMs: 4000 };
    expect(signRequestV3('BASIC', KEY, SECRET, request)).toEqual({ header: 'Basic YXBpLWtleS1hYmM6c2VjcmV0LWtleS0xMjM=', acceptedUntilMs: null });
  });

  it('refuses a window the service would not take, naming the field', () => {
    expect(signatureWindowMs(undefined)).toBe(10_000);
    expect(signatureWindowMs(MAX_WINDOW_MS)).toBe(60_000);
    for (const bad of [0, -1, 1.5, MAX_WINDOW_MS + 1, Number.NaN]) {
      expect(() => signatureWindowMs(bad)).toThrow(/^windowMs: must be a whole number of milliseconds from 1 to 60000$/);
    }
  });
});

describe('Basic and stream login', () => {
  it('builds Basic from key and secret', () => {
    expect(basicAuthorization(KEY, SECRET)).toBe('Basic YXBpLWtleS1hYmM6c2VjcmV0LWtleS0xMjM=');
  });

  it('signs the stream login over timestamp and window', () => {
    expect(streamLoginParamsV3('HS256', KEY, SECRET, 1700000000000, 10000)).toEqual({
      type: 'HS256', api_key: KEY, timestamp: 1700000000000, window: 10000,
      signature: '823eb93b1aa0c43b5cc314395539a076d959b4d1ac23f34c6ae72fd7a8e0ba42',
    });
    expect(streamLoginParamsV3('HS256', KEY, SECRET, 1700000000000)).toEqual({
      type: 'HS256', api_key: KEY, timestamp: 1700000000000,
      signature: 'f7269741cb554ef0a7b34020cecb55f02ecb2a08ce41022cf7f28eabbd05514c',
    });
    expect(streamLoginParamsV3('BASIC', KEY, SECRET, 1)).toEqual({ type: 'BASIC', api_key: KEY, secret_key: SECRET });
  });
});
