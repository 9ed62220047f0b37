// Vectors computed independently with `printf '%s' TEXT | openssl dgst -sha256 -hmac SECRET` and
// `base64`, then pasted here as literals.
import { describe, expect, it } from 'vitest';
import { hs256AuthorizationV2, signRequestV2, stringToSignV2 } from '../../../../main/exchange/v2/signing';
import { signRequestV3 } from '../../../../main/exchange/signing';

describe('HS256 version 2 signing', () => {
  it('signs a GET without a query: method, seconds, path', () => {
    const request = { method: 'GET', path: '/api/2/account/balance', query: '', body: '', timestampMs: 1700000000999 };
    expect(stringToSignV2(request)).toBe('GET1700000000/api/2/account/balance');
    expect(hs256AuthorizationV2('apikey', 'secret', request)).toBe(
      'HS256 YXBpa2V5OjE3MDAwMDAwMDA6MGYyYTcxMDVmNGE5YTZhNzI3Yzc5M2UzYWRkZGMyNDA1NjhkM2Y5YjkzM2M0OWQzYThhM2U4MmI4YTAyOTNkYw==',
    );
  });

  it('puts the query after the path with a question mark', () => {
    const request = { method: 'GET', path: '/api/2/account/transactions', query: 'currency=BTC&limit=5', body: '', timestampMs: 1700000123000 };
    const header = hs256AuthorizationV2('k', 'secret', request);
    const [key, seconds, signature] = Buffer.from(header.slice('HS256 '.length), 'base64').toString('utf8').split(':');
    expect([key, seconds]).toEqual(['k', '1700000123']);
    expect(signature).toBe('7d777ef9ed9e42036528c988dd276d6cccced245d31c131d88c8a7217463016f');
  });

  it('signs a POST over its body bytes', () => {
    const body = 'currency=USDT&amount=1.5&type=bankToExchange';
    const request = { method: 'post', path: '/api/2/account/transfer', query: '', body, timestampMs: 1700000123456 };
    expect(stringToSignV2(request)).toBe(`POST1700000123/api/2/account/transfer${body}`);
    const decoded = Buffer.from(hs256AuthorizationV2('k', 's3cr3t', request).slice(6), 'base64').toString('utf8');
    expect(decoded).toBe('k:1700000123:dabfb373f4bb4e3449391bdbe59b7c2f6ee1c99da76bd651571871a9957bb2a5');
  });

  it('sends Basic the same way as version 3, and HS256 differently', () => {
    const request = { method: 'GET', path: '/api/2/account/balance', query: '', body: '', timestampMs: 1700000000000 };
    expect(signRequestV2('BASIC', 'k', 'abc', request)).toEqual({ header: 'Basic azphYmM=', acceptedUntilMs: null });
    expect(signRequestV2('BASIC', 'k', 'abc', request)).toEqual(signRequestV3('BASIC', 'k', 'abc', request));
    expect(signRequestV2('HS256', 'k', 'abc', request).header).not.toBe(signRequestV3('HS256', 'k', 'abc', request).header);
  });

  it('is accepted until the end of the tenth second after the one it names, whatever the window asked for', () => {
    // The service compares whole seconds: 1700000000 is taken while its clock reads up to 1700000010.999.
    const request = { method: 'GET', path: '/api/2/account/balance', query: '', body: '', timestampMs: 1700000000999, windowMs: 60_000 };
    const signed = signRequestV2('HS256', 'apikey', 'secret', request);
    expect(signed.header).toBe(hs256AuthorizationV2('apikey', 'secret', request));
    expect(signed.acceptedUntilMs).toBe(1700000011000);
  });
});
