// The quote arithmetic the form and main share, against figures worked out by hand: exact decimals,
// what is promised rounded down to the receiving precision, an amount worked back rounded up.
import { describe, expect, it } from 'vitest';
import { amountForReceive, differenceFromQuote, effectiveRate, expectedReceive, type QuoteTerms } from '../../../preload/contract/conversion-math';

// 1 USDT in BTC at 60 000 USDT a coin, to 10 digits, with the 0.2 % spread.
const USDT_BTC: QuoteTerms = { rate: '0.0000166667', spread: '0.002', fromPrecision: 6, toPrecision: 8 };
const EVEN: QuoteTerms = { rate: '1', spread: '0.002', fromPrecision: 2, toPrecision: 2 };

describe('effectiveRate', () => {
  it('takes the spread off the rate', () => {
    // 3000 × (1 − 0.002) = 3000 − 6
    expect(effectiveRate({ rate: '3000', spread: '0.002', fromPrecision: 6, toPrecision: 9 }).toFixed()).toBe('2994');
    // 0.0000166667 × 0.998 = 0.0000166667 − 0.0000000333334
    expect(effectiveRate(USDT_BTC).toFixed()).toBe('0.0000166333666');
  });
});

describe('expectedReceive', () => {
  it('rounds what is promised down to the receiving precision', () => {
    // 100 × 0.0000166333666 = 0.00166333666 → 0.00166333 (half-up would say …34)
    expect(expectedReceive('100', USDT_BTC).toFixed()).toBe('0.00166333');
    // 1 × 0.998 → 0.99 (half-up would say 1.00)
    expect(expectedReceive('1', EVEN).toFixed()).toBe('0.99');
  });

  it('is exact decimal arithmetic, not floating point', () => {
    // 0.1 × 0.2 is 0.020000000000000004 in doubles.
    expect(expectedReceive('0.1', { rate: '0.2', spread: '0', fromPrecision: 18, toPrecision: 18 }).toFixed()).toBe('0.02');
    const large = '123456789012345678.123456789';
    expect(expectedReceive(large, { rate: '1', spread: '0', fromPrecision: 9, toPrecision: 9 }).toFixed()).toBe(large);
  });
});

describe('amountForReceive', () => {
  it('rounds the amount up to the sending precision, so the promise covers the wish', () => {
    // 0.99 / 0.998 = 0.99198… → 1.00; 0.99 itself would bring only 0.98.
    expect(amountForReceive('0.99', EVEN)?.toFixed()).toBe('1');
    // 0.00166333 / 0.0000166333666 = 99.9995995999… → 99.999600 (99.999599 brings 0.00166332).
    expect(amountForReceive('0.00166333', USDT_BTC)?.toFixed()).toBe('99.9996');
    expect(expectedReceive('99.9996', USDT_BTC).toFixed()).toBe('0.00166333');
    expect(expectedReceive('99.999599', USDT_BTC).toFixed()).toBe('0.00166332');
  });

  it('steps up while the rounded-down promise still falls short of the wish', () => {
    // 0.995 at rate 1 with no spread: 0.995 brings 0.99 (two places), so 1.000 is the first that brings ≥ 0.995.
    expect(amountForReceive('0.995', { rate: '1', spread: '0', fromPrecision: 3, toPrecision: 2 })?.toFixed()).toBe('1');
  });

  it('has no answer when the rate after the spread is not positive', () => {
    expect(amountForReceive('1', { ...EVEN, rate: '0' })).toBeNull();
    expect(amountForReceive('1', { ...EVEN, spread: '1' })).toBeNull();
  });
});

describe('differenceFromQuote', () => {
  it('is credited minus expected in the receiving precision, negative when less came', () => {
    expect(differenceFromQuote('0.00166334', '0.00166333', 8).toFixed()).toBe('0.00000001');
    expect(differenceFromQuote('0.5', '0.51', 2).toFixed()).toBe('-0.01');
    expect(differenceFromQuote('0.083165835', '0.083165835', 9).toFixed()).toBe('0');
  });

  it('rounds a finer difference half to even', () => {
    expect(differenceFromQuote('1.005', '0', 2).toFixed()).toBe('1');
    expect(differenceFromQuote('1.015', '0', 2).toFixed()).toBe('1.02');
  });
});
