// Vectors computed independently with `printf '%s' TEXT | openssl dgst -sha256 -hmac secret-key-123`
// and `base64`, then pasted here as literals.
import { describe, expect, it } from 'vitest';
import {
  basicAuthorization, hmacSha256Hex, hs256AuthorizationV3, streamLoginParamsV3, stringToSignV3,
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
