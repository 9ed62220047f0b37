import { describe, expect, it } from 'vitest';
import ContractDecimal from '../../../preload/contract/decimal';
import Decimal, { EXCHANGE_PRECISION } from '../../../main/exchange/decimal';

// 1/3 at 80 significant digits: "0." and eighty 3s.
const THIRD_AT_80 = `0.${'3'.repeat(80)}`;
// Forty digits before the point and forty after: exact only with at least 80 significant digits.
const WIDE = `${'9'.repeat(40)}.${'1'.repeat(40)}`;

describe('exchange Decimal', () => {
  it('is its own constructor, keeping 80 significant digits', () => {
    expect(Decimal).not.toBe(ContractDecimal);
    expect(EXCHANGE_PRECISION).toBe(80);
    expect(Decimal.precision).toBe(80);
    expect(new Decimal(1).div(3).toFixed()).toBe(THIRD_AT_80);
  });

  it('mixes with the app Decimal both ways and keeps 80 digits', () => {
    const ours = new Decimal(WIDE);
    const theirs = new ContractDecimal('0.0000000000000000000000000000000000000001');
    expect(ours.plus(theirs).toFixed()).toBe(`${'9'.repeat(40)}.${'1'.repeat(39)}2`);
    expect(theirs.plus(ours).toFixed()).toBe(`${'9'.repeat(40)}.${'1'.repeat(39)}2`);
    expect(new Decimal(1).div(new ContractDecimal(3)).toFixed()).toBe(THIRD_AT_80);
    expect(new ContractDecimal(1).div(new Decimal(3)).toFixed()).toBe(THIRD_AT_80);
  });

  it('recognises the app Decimal as a Decimal, and the app recognises ours', () => {
    expect(Decimal.isDecimal(new ContractDecimal('1.5'))).toBe(true);
    expect(ContractDecimal.isDecimal(new Decimal('1.5'))).toBe(true);
    expect(new Decimal('2.5')).toBeInstanceOf(ContractDecimal);
    expect(new ContractDecimal('2.5')).toBeInstanceOf(Decimal);
    expect(new Decimal(new ContractDecimal(WIDE)).toFixed()).toBe(WIDE);
  });
});
