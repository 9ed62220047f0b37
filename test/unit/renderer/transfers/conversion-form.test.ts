// The conversion form's arithmetic and rules: the side not typed follows the quote (a receipt
// rounded down, a payment worked back rounded up), the quote's age and staleness as the renderer
// counts them, and every error on its field.
import { describe, expect, it } from 'vitest';
import { QUOTE_STALE_MS } from '../../../../preload/contract';
import {
  ageText,
  conversionAmounts,
  emptyConvertDraft,
  inverseRate,
  isStale,
  rateText,
  signedAmount,
  spreadPercent,
  validateConvert,
  type ConvertContext,
} from '../../../../renderer/src/modules/transfers/conversion-form';
import { quote } from './fixtures';

const NOW = 1_000_000;
const draft = (overrides = {}) => ({ ...emptyConvertDraft(), fromCurrency: 'USDT', toCurrency: 'BTC', ...overrides });
const ctx = (overrides: Partial<ConvertContext> = {}): ConvertContext => ({
  fromDecimals: 6, toDecimals: 8, available: '500', targets: [{ currency: 'BTC', rate: '0.00001' }],
  quote: { quote: quote(), receivedAt: NOW - 1000 }, quoteProblem: null, now: NOW, ...overrides,
});

describe('conversion amounts', () => {
  it('works out the receipt after the spread, rounded down', () => {
    const amounts = conversionAmounts(draft({ pay: '100' }), quote());
    expect(amounts.pay?.toFixed()).toBe('100');
    expect(amounts.receive?.toFixed()).toBe('0.000998');
    expect(conversionAmounts(draft({ pay: '0.000001' }), quote()).receive?.toFixed()).toBe('0'); // 0.00000000000998 rounds down
  });

  it('works a wanted receipt back to the smallest payment that brings it, and promises what that payment brings', () => {
    const amounts = conversionAmounts(draft({ anchor: 'receive', receive: '0.001' }), quote());
    expect(amounts.pay?.toFixed()).toBe('100.200401');
    expect(amounts.receive?.toFixed()).toBe('0.001');
  });

  it('has nothing to work out without a valid typed amount or a quote', () => {
    expect(conversionAmounts(draft({ pay: 'abc' }), quote())).toEqual({ pay: null, receive: null });
    expect(conversionAmounts(draft({ pay: '-5' }), quote())).toEqual({ pay: null, receive: null });
    expect(conversionAmounts(draft({ pay: '5' }), null).receive).toBeNull();
  });
});

describe('quote age', () => {
  it('is stale only past QUOTE_STALE_MS from when the renderer received it', () => {
    const received = { quote: quote(), receivedAt: NOW };
    expect(isStale(received, NOW + QUOTE_STALE_MS)).toBe(false);
    expect(isStale(received, NOW + QUOTE_STALE_MS + 1)).toBe(true);
    expect(ageText(2_400)).toBe('2 s old');
    expect(ageText(65_000)).toBe('1 min 5 s old');
  });

  it('shows the spread as a percentage, the rate both ways and a signed difference', () => {
    expect(spreadPercent('0.002')).toBe('0.2 %');
    expect(rateText('65432.1')).toBe('65,432.1');
    expect(inverseRate('0.00001')).toBe('100,000');
    expect(signedAmount('0.00000002', 8)).toBe('+0.00000002');
    expect(signedAmount('-0.00000002', 8)).toBe('−0.00000002');
    expect(signedAmount('0', 8)).toBe('0.00000000');
  });
});

describe('validateConvert', () => {
  it('puts each error on its field', () => {
    expect(validateConvert(emptyConvertDraft(), ctx())).toEqual({
      fromCurrency: 'Choose the currency to convert from.', toCurrency: 'Choose the currency to receive.',
    });
    expect(validateConvert(draft({ toCurrency: 'USDT', pay: '1' }), ctx()).toCurrency).toBe('Choose a currency other than the one converted from.');
    expect(validateConvert(draft({ toCurrency: 'EUR', pay: '1' }), ctx()).toCurrency).toBe('The service has no rate from USDT to EUR.');
    expect(validateConvert(draft({ pay: '1' }), ctx({ quoteProblem: 'No price (API_2001)' })).toCurrency).toBe('No price (API_2001)');
    expect(validateConvert(draft({ pay: '0' }), ctx()).pay).toBe('The amount must be more than zero.');
    expect(validateConvert(draft({ pay: '1.0000001' }), ctx()).pay).toBe('USDT allows at most 6 decimal places.');
    expect(validateConvert(draft({ pay: '500.000001' }), ctx()).pay).toBe('More than available (500 USDT).');
    expect(validateConvert(draft({ pay: '0.000001' }), ctx()).pay).toBe('Too small: after the spread it would bring no BTC.');
    expect(validateConvert(draft({ anchor: 'receive', receive: '0.006' }), ctx()).receive).toBe('That takes 601.202405 USDT; the wallet holds 500.');
    expect(validateConvert(draft({ pay: '100' }), ctx())).toEqual({});
  });

  it('refuses a stale quote, or none, on the quote field', () => {
    expect(validateConvert(draft({ pay: '100' }), ctx({ quote: null })).quote).toBe('No quote yet: wait a moment for the price.');
    const old = { quote: quote(), receivedAt: NOW - QUOTE_STALE_MS - 1 };
    expect(validateConvert(draft({ pay: '100' }), ctx({ quote: old })).quote).toBe('The quote is 5 s old: get a new quote before converting.');
  });
});
