// The seed's amounts and ids, made without decimal.js division or strings grown a digit at a time,
// are the ones the demo has always had: decimal.js's answer for every currency, the same digits.
import { describe, expect, it } from 'vitest';
import Decimal from '../../../main/sandbox/decimal';
import { CURRENCIES } from '../../../main/sandbox/catalog';
import { usdtWorthDown } from '../../../main/sandbox/seed/history';
import { Prng } from '../../../main/sandbox/seed/prng';

describe('the seed', () => {
  it('values a whole USDT amount in each currency as decimal.js does, rounded down to its decimals', () => {
    for (const currency of CURRENCIES) {
      for (let usdt = 10; usdt < 5_010; usdt += 7) {
        const expected = new Decimal(usdt).div(currency.referencePriceUsdt).toDecimalPlaces(currency.decimals, Decimal.ROUND_DOWN).toFixed(currency.decimals);
        expect(usdtWorthDown(usdt, currency), `${usdt} USDT in ${currency.code}`).toBe(expected);
      }
    }
  });

  it('draws hex digits one per draw, the same from the same seed', () => {
    const digits = new Prng(7).hex(64);
    const oneByOne = new Prng(7);
    expect(digits).toBe(Array.from({ length: 64 }, () => '0123456789abcdef'[(oneByOne.next() * 16) | 0]).join(''));
    expect(digits).toMatch(/^[0-9a-f]{64}$/);
  });
});
