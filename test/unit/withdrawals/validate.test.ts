import Decimal from '../../../preload/contract/decimal';
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../main/core/app-error';
import { checkWithdrawal, matchesPattern } from '../../../main/core/withdrawals/validate';
import type { Currency, Network } from '../../../main/exchange/domain';

function network(overrides: Partial<Network>): Network {
  return {
    code: 'USDT', network: 'ETH', name: 'Ethereum (ERC20)', isDefault: false, payinEnabled: true, payoutEnabled: true,
    minWithdrawal: new Decimal('10'), payoutFee: new Decimal('5'), paymentIdRequired: false,
    addressRegex: '^0x[a-fA-F0-9]{40}$', paymentIdRegex: undefined, ...overrides,
  };
}

const USDT: Currency = {
  code: 'USDT', fullName: 'Tether', crypto: true, payinEnabled: true, payoutEnabled: true, transferEnabled: true,
  delisted: false, precisionTransfer: new Decimal('0.000001'),
  networks: [
    network({}),
    network({ network: 'TRX', name: 'Tron (TRC20)', isDefault: true, payoutFee: new Decimal('1'), minWithdrawal: new Decimal('1'), addressRegex: '^T[1-9A-HJ-NP-Za-km-z]{33}$' }),
  ],
};
const XRP: Currency = {
  ...USDT, code: 'XRP', fullName: 'Ripple', precisionTransfer: new Decimal('0.000001'),
  networks: [network({ code: 'XRP', network: 'XRP', name: 'XRP', isDefault: true, paymentIdRequired: true, paymentIdRegex: '^[0-9]{1,10}$', addressRegex: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$', minWithdrawal: new Decimal('1'), payoutFee: new Decimal('0.2') })],
};
const EUR: Currency = { ...USDT, code: 'EUR', crypto: false, networks: [] };
const CURRENCIES = [USDT, XRP, EUR];
const ETH_ADDR = '0x52908400098527886e0f7030069857d2e4169ee7';
const TRX_ADDR = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const XRP_ADDR = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const plenty = new Decimal('1000');

function fieldOf(run: () => unknown): { field: string | undefined; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppFailure) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkWithdrawal', () => {
  it('accepts a valid withdrawal on the default network and fills in the fee', () => {
    const checked = checkWithdrawal({ currency: 'usdt', address: TRX_ADDR, amount: '25.5' }, CURRENCIES, plenty);
    expect(checked.network.network).toBe('TRX');
    expect(checked.fee.toFixed()).toBe('1');
    expect(checked.amount.toFixed()).toBe('25.5');
  });

  it('picks the named network', () => {
    expect(checkWithdrawal({ currency: 'USDT', network: 'eth', address: ETH_ADDR, amount: '20' }, CURRENCIES, plenty).network.network).toBe('ETH');
  });

  it('names each bad field', () => {
    const base = { currency: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '20' };
    expect(fieldOf(() => checkWithdrawal({ ...base, currency: 'NOPE' }, CURRENCIES, plenty)).field).toBe('currency');
    expect(fieldOf(() => checkWithdrawal({ ...base, currency: 'EUR' }, CURRENCIES, plenty)).message).toMatch(/not a crypto/);
    expect(fieldOf(() => checkWithdrawal({ ...base, network: 'BTC' }, CURRENCIES, plenty)).field).toBe('network');
    expect(fieldOf(() => checkWithdrawal({ ...base, address: TRX_ADDR }, CURRENCIES, plenty))).toEqual({ field: 'address', message: 'This is not a valid Ethereum (ERC20) address' });
    expect(fieldOf(() => checkWithdrawal({ ...base, address: ' ' }, CURRENCIES, plenty)).field).toBe('address');
    expect(fieldOf(() => checkWithdrawal({ ...base, amount: '1e3' }, CURRENCIES, plenty)).field).toBe('amount');
    expect(fieldOf(() => checkWithdrawal({ ...base, amount: '0' }, CURRENCIES, plenty)).message).toMatch(/greater than zero/);
    expect(fieldOf(() => checkWithdrawal({ ...base, amount: '20.0000001' }, CURRENCIES, plenty)).message).toMatch(/6 decimal places/);
    expect(fieldOf(() => checkWithdrawal({ ...base, amount: '9.99' }, CURRENCIES, plenty)).message).toMatch(/minimum withdrawal of USDT on ETH is 10/);
    expect(fieldOf(() => checkWithdrawal({ ...base, publicComment: 'x'.repeat(256) }, CURRENCIES, plenty)).field).toBe('publicComment');
  });

  it('refuses an amount written with leading zeros, and keeps 0.5 valid', () => {
    const base = { currency: 'USDT', network: 'TRX', address: TRX_ADDR };
    for (const amount of ['007.5', '00.1', '010']) {
      expect(fieldOf(() => checkWithdrawal({ ...base, amount }, CURRENCIES, plenty)), amount).toEqual({
        field: 'amount',
        message: 'Write the amount without leading zeros, e.g. 7.5 rather than 007.5',
      });
    }
    expect(checkWithdrawal({ ...base, amount: '1.5' }, CURRENCIES, plenty).amount.toFixed()).toBe('1.5');
    const lowMinimum = [{ ...USDT, networks: [network({ network: 'TRX', isDefault: true, minWithdrawal: new Decimal('0.1'), payoutFee: new Decimal('0.1'), addressRegex: undefined })] }];
    expect(checkWithdrawal({ ...base, amount: '0.5' }, lowMinimum, plenty).amount.toFixed()).toBe('0.5');
  });

  it('allows a 255-character public comment', () => {
    expect(checkWithdrawal({ currency: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '20', publicComment: 'x'.repeat(255) }, CURRENCIES, plenty).publicComment).toHaveLength(255);
  });

  it('requires a payment id where the network needs one, in its format', () => {
    const base = { currency: 'XRP', address: XRP_ADDR, amount: '5' };
    expect(fieldOf(() => checkWithdrawal(base, CURRENCIES, plenty)).field).toBe('paymentId');
    expect(fieldOf(() => checkWithdrawal({ ...base, paymentId: 'abc' }, CURRENCIES, plenty)).field).toBe('paymentId');
    expect(checkWithdrawal({ ...base, paymentId: '12345' }, CURRENCIES, plenty).paymentId).toBe('12345');
  });

  it('needs the amount plus the fee to be available, or only the amount with include_fee', () => {
    const base = { currency: 'USDT', network: 'ETH', address: ETH_ADDR };
    expect(fieldOf(() => checkWithdrawal({ ...base, amount: '96' }, CURRENCIES, new Decimal('100'))).message).toMatch(/Insufficient funds: The amount plus the fee of 5 USDT exceeds the available 100 USDT/);
    expect(checkWithdrawal({ ...base, amount: '95' }, CURRENCIES, new Decimal('100')).amount.toFixed()).toBe('95');
    expect(checkWithdrawal({ ...base, amount: '100', includeFee: true }, CURRENCIES, new Decimal('100')).includeFee).toBe(true);
    expect(fieldOf(() => checkWithdrawal({ ...base, amount: '100.000001', includeFee: true }, CURRENCIES, new Decimal('100'))).field).toBe('amount');
  });

  it('refuses include_fee when the fee would eat the whole amount', () => {
    const tiny = { ...USDT, networks: [network({ minWithdrawal: new Decimal('1') })] };
    expect(fieldOf(() => checkWithdrawal({ currency: 'USDT', address: ETH_ADDR, amount: '5', includeFee: true }, [tiny], plenty)).message).toMatch(/must exceed the fee/);
  });
});

describe('matchesPattern', () => {
  it('anchors unanchored patterns and tolerates broken ones', () => {
    expect(matchesPattern('[0-9]+', '123')).toBe(true);
    expect(matchesPattern('[0-9]+', 'x123')).toBe(false);
    expect(matchesPattern(undefined, 'anything')).toBe(true);
    expect(matchesPattern('([', 'anything')).toBe(true);
  });
});
