// The buy form's rules: what can be chosen for a fiat, the limits of every method for a pair shown
// before the amount hits them, and an amount no method takes refused with the limits named, so no
// quote is asked for it.
import { describe, expect, it } from 'vitest';
import {
  emptyBuyDraft, limitsHint, networksFor, pairLimits, quoteRequestOf, targetsFor, validateBuy, type BuyDraft,
} from '../../../../renderer/src/modules/buycrypto/buy-form';
import { OPTIONS } from './fixtures';

const draft = (fields: Partial<BuyDraft>): BuyDraft => ({ ...emptyBuyDraft(), source: 'EUR', target: 'BTC', network: 'BTC', ...fields });

describe('buy form rules', () => {
  it('offers the cryptos some method sells for the fiat, with their networks', () => {
    expect(targetsFor(OPTIONS, 'EUR')).toEqual(['BTC', 'USDT', 'LTC']);
    expect(targetsFor(OPTIONS, 'USD')).toEqual([]);
    expect(networksFor(OPTIONS, 'EUR', 'USDT')).toEqual(['ETH', 'TRX']);
  });

  it('spans the smallest minimum and the largest maximum of every method for the pair', () => {
    const btc = pairLimits(OPTIONS, 'EUR', 'BTC', 'BTC');
    expect(btc && limitsHint(btc)).toBe('Methods take 10 – 50,000 EUR');
    // Loopback Ramp sells no LTC: its 10 EUR minimum does not count there.
    const ltc = pairLimits(OPTIONS, 'EUR', 'LTC', 'LTC');
    expect(ltc && limitsHint(ltc)).toBe('Methods take 20 – 50,000 EUR');
    expect(pairLimits(OPTIONS, 'EUR', null, null)).toBeNull();
  });

  it('refuses a pay amount under every minimum or over every maximum, naming the limits, and asks nothing for it', () => {
    const under = draft({ amount: '5' });
    const errors = validateBuy(under, OPTIONS);
    expect(errors.amount).toBe("5 EUR is under every method's minimum: the methods for EUR → BTC take 10 – 50,000 EUR.");
    expect(quoteRequestOf(under, errors)).toBeNull();
    expect(validateBuy(draft({ amount: '50000.01' }), OPTIONS).amount).toBe(
      "50,000.01 EUR is over every method's maximum: the methods for EUR → BTC take 10 – 50,000 EUR.",
    );
  });

  it('asks for an amount some method takes, even one others refuse', () => {
    const mid = draft({ amount: '15' });
    const errors = validateBuy(mid, OPTIONS);
    expect(errors).toEqual({});
    expect(quoteRequestOf(mid, errors)).toEqual({ source: 'EUR', target: 'BTC', network: 'BTC', side: 'pay', amount: '15' });
  });

  it('checks the receive side in the crypto’s precision, not against the fiat limits', () => {
    expect(validateBuy(draft({ side: 'receive', amount: '0.000000001' }), OPTIONS).amount).toBe('BTC allows at most 8 decimal places.');
    expect(validateBuy(draft({ side: 'receive', amount: '0.0001' }), OPTIONS)).toEqual({});
    expect(validateBuy(draft({ amount: '10.005' }), OPTIONS).amount).toBe('EUR allows at most 2 decimal places.');
  });

  it('puts a crypto no provider sells and a network none delivers on their own fields', () => {
    expect(validateBuy(draft({ target: 'DOGE', amount: '100' }), OPTIONS).target).toBe('No provider sells DOGE for EUR.');
    expect(validateBuy(draft({ target: 'USDT', network: 'SOL', amount: '100' }), OPTIONS).network).toBe('No provider delivers USDT on SOL.');
    expect(validateBuy(draft({ target: 'USDT', network: null, amount: '100' }), OPTIONS).network).toBe('Choose the network the coins arrive on.');
  });
});
