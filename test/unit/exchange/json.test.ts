import Decimal from '../../../preload/contract/decimal';
import { describe, expect, it } from 'vitest';
import { decimal, parseJsonExact } from '../../../main/exchange/json';
import { encodeBody, encodeQuery } from '../../../main/exchange/encoding';
import { ApiError } from '../../../main/exchange/errors';

describe('exact JSON at the edge', () => {
  it('keeps every number as its text, so no amount passes through a float', () => {
    const parsed = parseJsonExact('{"id":12345678901234567890,"amount":0.1000000000000000055511,"s":"a \\"1\\" 2","n":[1,-2.5e3],"b":true}');
    expect(parsed).toEqual({ id: '12345678901234567890', amount: '0.1000000000000000055511', s: 'a "1" 2', n: ['1', '-2.5e3'], b: true });
  });

  it('finds where each string ends however its backslashes run, so no number is quoted inside one or missed after one', () => {
    const text = '{"a":"x\\\\","n":12.5,"b":"say \\"7\\" \\\\\\"8\\"","m":-3,"c":"\\\\\\\\","k":0.10}';
    expect(parseJsonExact(text)).toEqual({ a: 'x\\', n: '12.5', b: 'say "7" \\"8"', m: '-3', c: '\\\\', k: '0.10' });
  });

  it('reads zero amounts in any spelling as exact zeros, and refuses padded or empty text', () => {
    for (const zero of ['0', '0.00', '0.000000000000000000']) expect(decimal({ reserved: zero }, 'reserved').isZero()).toBe(true);
    expect(decimal({ reserved: '0.000000010' }, 'reserved').toFixed()).toBe('0.00000001');
    expect(decimal({ reserved: '00.5' }, 'reserved').toFixed()).toBe('0.5');
    for (const bad of ['', ' ', ' 1', '1 ', '0.0.0', '1,5']) expect(() => decimal({ reserved: bad }, 'reserved')).toThrow(ApiError);
  });

  it('turns amounts into decimals and names a bad field', () => {
    expect(decimal({ amount: '0.30000000000000000001' }, 'amount').plus('0.1').toFixed()).toBe('0.40000000000000000001');
    expect(() => decimal({ amount: 'abc' }, 'amount')).toThrow(ApiError);
    try {
      decimal({}, 'available');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).field).toBe('available');
    }
  });

  it('reads a text seen before as the same exact decimal, and still refuses bad text after many reads', () => {
    const first = decimal({ available: '4.16666666' }, 'available');
    expect(decimal({ reserved: '4.16666666' }, 'reserved')).toBe(first);
    expect(first.toFixed()).toBe('4.16666666');
    for (let i = 1; i <= 5_000; i += 1) expect(decimal({ amount: `${i}.5` }, 'amount').toFixed()).toBe(`${i}.5`);
    expect(decimal({ available: '4.16666666' }, 'available').toFixed()).toBe('4.16666666');
    expect(decimal({ available: '4.166666660' }, 'available').toFixed()).toBe('4.16666666');
    expect(() => decimal({ amount: '1.5 ' }, 'amount')).toThrow(ApiError);
    expect(() => decimal({ amount: '1.5 ' }, 'amount')).toThrow(/amount/);
  });

  it('encodes decimals as exact strings in queries and bodies', () => {
    expect(encodeQuery({ currencies: ['BTC', 'ETH'], amount: new Decimal('0.1'), skip: undefined, limit: 1000 }))
      .toBe('currencies=BTC,ETH&amount=0.1&limit=1000');
    expect(encodeBody({ amount: new Decimal('1e-8'), to: 'x y', none: undefined }, 'json')).toBe('{"amount":"0.00000001","to":"x y"}');
    expect(encodeBody({ amount: new Decimal('2.50'), ids: ['1', '2'] }, 'form')).toBe('amount=2.5&ids=1%2C2');
  });
});
