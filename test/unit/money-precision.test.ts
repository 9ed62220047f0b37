// Money arithmetic keeps every digit: decimal.js's default 20 significant digits rounded an
// 18-decimal amount above 100 units. The wallet's sums and the withdrawal checks rely on this.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the global default is what this test checks stays untouched
import DecimalJs from 'decimal.js';
import Decimal, { MONEY_PRECISION } from '../../preload/contract/decimal';
import SandboxDecimal, { SANDBOX_PRECISION } from '../../main/sandbox/decimal';
import { mergeBalances } from '../../main/core/wallet/balances';

describe('money precision', () => {
  it('adds, subtracts and multiplies 18-decimal amounts without rounding', () => {
    expect(MONEY_PRECISION).toBeGreaterThanOrEqual(60);
    expect(new Decimal(0).plus('1234.123456789012345678').toFixed()).toBe('1234.123456789012345678');
    expect(new Decimal('999999999.999999999999999999').minus('0.000000000000000001').toFixed()).toBe('999999999.999999999999999998');
    expect(new Decimal('123456789.123456789012345678').times('2345.123456').toFixed()).toBe('289521411975.864195715294923058023168');
  });

  it('merges wallet and spot of an 18-decimal coin into an exact total', () => {
    const eth = (available: string, reserved: string) => ({ currency: 'ETH', available: new Decimal(available), reserved: new Decimal(reserved) });
    const [merged] = mergeBalances(new Map([['ETH', eth('1234.123456789012345678', '0.000000000000000001')]]), new Map([['ETH', eth('100.5', '0')]]));
    expect(merged?.total).toBe('1334.623456789012345679');
  });

  it("keeps 80 digits in the app's and the sandbox's own constructors and leaves decimal.js's default alone", () => {
    const amount = '1234.123456789012345678';
    expect(Decimal).not.toBe(DecimalJs);
    expect(SandboxDecimal).not.toBe(DecimalJs);
    expect(SandboxDecimal).not.toBe(Decimal);
    expect([Decimal.precision, SandboxDecimal.precision, MONEY_PRECISION, SANDBOX_PRECISION]).toEqual([80, 80, 80, 80]);
    expect(new Decimal(0).plus(amount).toFixed()).toBe(amount);
    expect(new SandboxDecimal(0).plus(amount).toFixed()).toBe(amount);
    expect(DecimalJs.precision).toBe(20);
    expect(new DecimalJs(0).plus(amount).toFixed()).toBe('1234.1234567890123457');
  });
});
