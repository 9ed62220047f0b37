import { describe, expect, it } from 'vitest';
import Decimal from '../../../../preload/contract/decimal';
import {
  compareAmounts,
  DEFAULT_PRECISION,
  formatAmount,
  formatMoney,
  formatMoneyWithCode,
  formatPrice,
  formatRounded,
  formatValuation,
  formatValuationWithCode,
  precisionOf,
  valuationDecimals,
  isZeroAmount,
  sumAmounts,
  toDecimal,
} from '../../../../renderer/src/modules/money/money-format';
import { checkAmountInput } from '../../../../renderer/src/modules/money/amount-input';

describe('formatAmount', () => {
  it('groups thousands and pads to the precision', () => {
    expect(formatAmount('1234567.5', 2)).toBe('1,234,567.50');
    expect(formatAmount('0.5', 8)).toBe('0.50000000');
    expect(formatAmount('1000', 0)).toBe('1,000');
    expect(formatAmount('999', 2)).toBe('999.00');
  });

  it('keeps digits a JavaScript number would lose', () => {
    expect(formatAmount('12345678901234567.123456789', 9)).toBe('12,345,678,901,234,567.123456789');
    expect(formatAmount('0.1', 20)).toBe('0.10000000000000000000');
  });

  it('never rounds a recorded amount: decimals beyond the precision are all shown', () => {
    expect(formatAmount('11.1125', 3)).toBe('11.1125');
    expect(formatAmount('0.125', 2)).toBe('0.125');
    expect(formatAmount('-0.001', 2)).toBe('-0.001');
    expect(formatAmount('-1234.5', 1)).toBe('-1,234.5');
    expect(formatAmount('0.123456789', 8)).toBe('0.123456789');
  });

  it('keeps the trailing zeros a record was written with and drops a negative zero', () => {
    expect(formatAmount('1.50', null)).toBe('1.50');
    expect(formatAmount('-0.00', 2)).toBe('0.00');
    expect(formatAmount(new Decimal('2.5'), 3)).toBe('2.500');
  });

  it('trims trailing zeros on request', () => {
    expect(formatAmount('1500.10000000', 8, { trim: true })).toBe('1,500.1');
    expect(formatAmount('2.00000000', 8, { trim: true })).toBe('2');
    expect(formatAmount('2', 8, { trim: true, minDecimals: 2 })).toBe('2.00');
  });

  it('shows invalid text as a dash rather than NaN', () => {
    expect(formatAmount('abc', 2)).toBe('—');
    expect(formatAmount(null, 2)).toBe('—');
    expect(formatAmount('1e5', 2)).toBe('—');
  });

  it('pads to each currency precision from the map and shows a currency nobody listed as written', () => {
    const precisions = { USDT: 6, BTC: 8, JPY: 0, LTC: 3 };
    expect(formatMoney('1.5', 'USDT', precisions)).toBe('1.500000');
    expect(formatMoney('0.0123', 'BTC', precisions)).toBe('0.01230000');
    expect(formatMoney('15000', 'JPY', precisions)).toBe('15,000');
    expect(formatMoney('11.1125', 'LTC', precisions)).toBe('11.1125');
    expect(formatMoney('1', 'XYZ', precisions)).toBe('1');
    expect(formatMoney('11.1125', 'LTC', {})).toBe('11.1125');
    expect(formatMoney('0.10', 'XYZ', {})).toBe('0.10');
    expect(formatMoneyWithCode('1000', 'USDT', { USDT: 2 })).toBe('1,000.00 USDT');
  });

  it('gives a typed amount the listed precision as its rule, 8 when unknown', () => {
    expect(precisionOf('BTC', { BTC: 8, USDT: 6 })).toBe(8);
    expect(precisionOf('USDT', { USDT: 6 })).toBe(6);
    expect(precisionOf('XYZ', {})).toBe(DEFAULT_PRECISION);
  });
});

describe('computed figures', () => {
  it('rounds only through the function that says so', () => {
    expect(formatRounded('0.125', 2)).toBe('0.13');
    expect(formatRounded('-0.001', 2)).toBe('0.00');
    expect(formatRounded('11.1125', 3)).toBe('11.113');
  });

  it('shows a valuation in the valuation currency places: two for USDT, the precision for crypto', () => {
    expect(formatValuation('107682.843234', 'USDT', { USDT: 6 })).toBe('107,682.84');
    expect(formatValuationWithCode('107682.845', 'USD')).toBe('107,682.85 USD');
    expect(formatValuation('1.5', 'JPY')).toBe('2');
    expect(valuationDecimals('BTC', { BTC: 8 })).toBe(8);
    expect(formatValuation('0.123456789', 'BTC', { BTC: 8 })).toBe('0.12345679');
    expect(formatValuation('0.1', 'ETH')).toBe('0.10000000');
  });

  it('shows prices with the same six significant digits and at least two decimals', () => {
    expect(formatPrice('1.09364761622228')).toBe('1.09365');
    expect(formatPrice('3150')).toBe('3,150.00');
    expect(formatPrice('96123.456789')).toBe('96,123.46');
    expect(formatPrice('0.000012345678')).toBe('0.0000123457');
    expect(formatPrice('0')).toBe('0.00');
    expect(formatPrice('x')).toBe('—');
  });
});

describe('decimal helpers', () => {
  it('sums strings exactly', () => {
    expect(sumAmounts(['0.1', '0.2', null, 'x']).toFixed()).toBe('0.3');
  });

  it('compares and detects zero', () => {
    expect(compareAmounts('10', '9.99')).toBe(1);
    expect(compareAmounts('0.10', '0.1')).toBe(0);
    expect(isZeroAmount('0.0000')).toBe(true);
    expect(isZeroAmount('0.0001')).toBe(false);
    expect(toDecimal(new Decimal('2'))?.toFixed()).toBe('2');
  });
});

describe('checkAmountInput', () => {
  const rules = { decimals: 2, currency: 'USDT', min: '10', max: '1000.5' };

  it('accepts a plain amount within the limits', () => {
    const check = checkAmountInput(' 125.50 ', rules);
    expect(check.ok && check.amount.toFixed()).toBe('125.5');
  });

  it.each([
    ['', 'Enter an amount.'],
    ['1,000', 'Use digits and one dot, e.g. 125.50 (no commas or signs).'],
    ['-5', 'Use digits and one dot, e.g. 125.50 (no commas or signs).'],
    ['0', 'The amount must be more than zero.'],
    ['0012.5', 'Write the amount without leading zeros, e.g. 7.5 rather than 007.5.'],
    ['10.001', 'USDT allows at most 2 decimal places.'],
    ['9.99', 'The minimum is 10 USDT.'],
    ['1000.51', 'More than available (1,000.5 USDT).'],
  ])('refuses %j with a clear message', (text, message) => {
    expect(checkAmountInput(text, rules)).toEqual({ ok: false, message });
  });
});
