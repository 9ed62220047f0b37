import { describe, expect, it } from 'vitest';
import type { CurrencyInfo, NetworkInfo } from '../../../../preload/contract/wallet';
import {
  canEstimate,
  emptyDraft,
  hasErrors,
  selectedNetwork,
  toWithdrawalInput,
  validateWithdrawal,
  type WithdrawalDraft,
} from '../../../../renderer/src/modules/wallet/withdrawal-form';

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function network(overrides: Partial<NetworkInfo>): NetworkInfo {
  return {
    network: 'ETH', name: 'Ethereum (ERC20)', isDefault: true, payinEnabled: true, payoutEnabled: true,
    minWithdrawal: '10', payoutFee: '5', paymentIdRequired: false, addressRegex: '^0x[a-fA-F0-9]{40}$', paymentIdRegex: null,
    ...overrides,
  };
}

const USDT: CurrencyInfo = {
  code: 'USDT', fullName: 'Tether', crypto: true, payinEnabled: true, payoutEnabled: true, transferEnabled: true, precision: 6,
  networks: [network({}), network({ network: 'TRX', name: 'Tron (TRC20)', isDefault: false, addressRegex: '^T[1-9A-HJ-NP-Za-km-z]{33}$', payoutFee: '1' })],
};
const XRP: CurrencyInfo = {
  code: 'XRP', fullName: 'Ripple', crypto: true, payinEnabled: true, payoutEnabled: true, transferEnabled: true, precision: 6,
  networks: [network({ network: 'XRP', name: 'Ripple', minWithdrawal: null, addressRegex: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$', paymentIdRequired: true, paymentIdRegex: '^[0-9]{1,10}$' })],
};

function draft(overrides: Partial<WithdrawalDraft>): WithdrawalDraft {
  return { ...emptyDraft('USDT'), address: ETH_ADDRESS, amount: '100', ...overrides };
}

describe('validateWithdrawal', () => {
  it('accepts a complete draft on the default network', () => {
    expect(validateWithdrawal(draft({}), { currency: USDT, available: '1000' })).toEqual({});
  });

  it('puts each problem on its own field', () => {
    const errors = validateWithdrawal(
      draft({ address: '0x123', amount: '1.1234567', publicComment: 'x'.repeat(256) }),
      { currency: USDT, available: '1000' },
    );
    expect(errors).toEqual({
      address: 'This is not a valid Ethereum (ERC20) address.',
      amount: 'USDT allows at most 6 decimal places.',
      publicComment: 'At most 255 characters (now 256).',
    });
  });

  it('checks the address against the chosen network, not the default', () => {
    expect(validateWithdrawal(draft({ network: 'TRX', address: ETH_ADDRESS }), { currency: USDT, available: '1000' }).address)
      .toBe('This is not a valid Tron (TRC20) address.');
    expect(validateWithdrawal(draft({ network: 'TRX', address: TRON_ADDRESS }), { currency: USDT, available: '1000' })).toEqual({});
  });

  it('says insufficient funds before any request', () => {
    expect(validateWithdrawal(draft({ amount: '1000.000001' }), { currency: USDT, available: '1000' }).amount)
      .toBe('Insufficient funds: more than available (1,000 USDT).');
    expect(validateWithdrawal(draft({ amount: '1000' }), { currency: USDT, available: '1000', debited: '1005' }).amount)
      .toContain('amount plus fee is 1005 USDT');
    expect(validateWithdrawal(draft({ amount: '1000', includeFee: true }), { currency: USDT, available: '1000', debited: '1000' })).toEqual({});
  });

  it('enforces the network minimum and a required payment id', () => {
    expect(validateWithdrawal(draft({ amount: '9' }), { currency: USDT, available: '1000' }).amount).toBe('The minimum is 10 USDT.');
    const xrp = { ...emptyDraft('XRP'), address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', amount: '5' };
    expect(validateWithdrawal(xrp, { currency: XRP, available: '50' }).paymentId).toBe('Ripple needs a payment id (memo/tag).');
    expect(validateWithdrawal({ ...xrp, paymentId: 'abc' }, { currency: XRP, available: '50' }).paymentId)
      .toBe('This payment id does not have the expected form.');
    expect(validateWithdrawal({ ...xrp, paymentId: '12345' }, { currency: XRP, available: '50' })).toEqual({});
  });

  it('refuses an unknown currency and a missing one', () => {
    expect(validateWithdrawal(draft({ currency: null }), { currency: undefined, available: null }).currency).toBe('Choose a currency.');
    expect(hasErrors(validateWithdrawal(draft({ currency: 'ZZZ' }), { currency: undefined, available: null }))).toBe(true);
  });
});

describe('toWithdrawalInput', () => {
  it('sends decimal text, the network code and only the optional fields that are set', () => {
    const input = toWithdrawalInput(draft({ amount: ' 100.50 ', includeFee: true }), selectedNetwork(USDT, null));
    expect(input).toEqual({ currency: 'USDT', network: 'ETH', address: ETH_ADDRESS, amount: '100.5', includeFee: true });
  });

  it('estimates only once the amount is a valid number', () => {
    expect(canEstimate(draft({ amount: '12.' }), USDT)).toBe(false);
    expect(canEstimate(draft({ amount: '12.5' }), USDT)).toBe(true);
  });
});
