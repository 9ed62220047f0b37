// The one amount check every money move shares: a plain decimal, above zero, within the currency's
// precision; refused (never rounded) on the field it is given, in words.
import Decimal from '../../../preload/contract/decimal';
import { describe, expect, it } from 'vitest';
import { checkAmountText, checkPrecision, parseAmount, parseDecimal } from '../../../main/core/transfers/checks';
import type { Currency } from '../../../main/exchange/domain';

const USDT: Currency = {
  code: 'USDT', fullName: 'Tether', crypto: true, payinEnabled: true, payoutEnabled: true, transferEnabled: true,
  delisted: false, precisionTransfer: new Decimal('0.000001'), networks: [],
};
const UNLISTED_PRECISION: Currency = { ...USDT, code: 'ABC', precisionTransfer: undefined };

function refusal(run: () => unknown): { code: string; field: string | undefined; message: string } {
  try {
    run();
  } catch (error) {
    const { code, field, message } = error as { code: string; field?: string; message: string };
    return { code, field, message };
  }
  throw new Error('expected a refusal');
}

describe('the shared amount check', () => {
  it('takes a positive plain decimal within the precision exactly as written', () => {
    expect(parseAmount(' 1.000001 ', USDT).toFixed()).toBe('1.000001');
    expect(parseAmount('250', USDT, 'target').toFixed()).toBe('250');
    expect(parseAmount('0.00000001', UNLISTED_PRECISION).toFixed()).toBe('0.00000001');
  });

  it('refuses more decimals than the currency takes instead of rounding, on the field given', () => {
    expect(refusal(() => parseAmount('1.0000001', USDT))).toEqual({ code: 'VALIDATION', field: 'amount', message: 'USDT amounts have at most 6 decimal places' });
    expect(refusal(() => parseAmount('1.1234567', USDT, 'target')).field).toBe('target');
    // Zeros past the precision change no value: what is sent and audited is the same 1.5.
    expect(parseAmount('1.5000000', USDT).toFixed()).toBe('1.5');
    expect(refusal(() => parseAmount('0.000000001', UNLISTED_PRECISION)).message).toBe('ABC amounts have at most 8 decimal places');
    expect(refusal(() => checkPrecision(new Decimal('0.1234567'), USDT, 'keep')).field).toBe('keep');
  });

  it('refuses zero, a sign, an exponent, grouping, leading zeros and what is not text, before any currency is known', () => {
    expect(refusal(() => checkAmountText('0'))).toEqual({ code: 'VALIDATION', field: 'amount', message: 'The amount must be greater than zero' });
    expect(refusal(() => checkAmountText('0.000'))).toMatchObject({ message: 'The amount must be greater than zero' });
    for (const bad of ['-1', '+1', '1e3', '1,000', '1.', '.5', 'one', '', ' ']) {
      expect(refusal(() => checkAmountText(bad)), bad).toEqual({ code: 'VALIDATION', field: 'amount', message: 'Enter the amount as a plain decimal number, e.g. 0.25' });
    }
    expect(refusal(() => checkAmountText('007.5')).message).toMatch(/without leading zeros/);
    expect(refusal(() => checkAmountText(12 as unknown as string)).field).toBe('amount');
    expect(refusal(() => checkAmountText(null, 'pay')).field).toBe('pay');
  });

  it('lets a level be zero where zero means something (what a sweep keeps)', () => {
    expect(parseDecimal('0', 'keep').toFixed()).toBe('0');
    expect(refusal(() => parseDecimal('-5', 'keep', '100'))).toMatchObject({ field: 'keep', message: 'Enter the amount as a plain decimal number, e.g. 100' });
  });
});
