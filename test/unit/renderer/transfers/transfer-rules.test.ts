// The page's pure rules: what a payment's need is covered by (wallet, wallet with spot, or not
// at all), who a beneficiary can be, which currencies may be sent, and the send form's errors.
import { describe, expect, it } from 'vitest';
import { coverage, beneficiaryProblem, currencyProblem, identifiersMatch, balanceOf } from '../../../../renderer/src/modules/transfers/transfer-rules';
import { emptySendDraft, toSendInput, validateSend } from '../../../../renderer/src/modules/transfers/send-form';
import { CURRENCIES, balance, overview } from './fixtures';

const [USDT, , EUR] = CURRENCIES;

describe('coverage', () => {
  it('says whether the wallet, the wallet with spot, or neither covers a need, and what is missing', () => {
    expect(coverage('100', '100', '0')).toEqual({ kind: 'wallet' });
    expect(coverage('150.5', '100', '60')).toEqual({ kind: 'with-spot', wallet: '100', spot: '60', missing: '50.5' });
    expect(coverage('160', '100', '60')).toEqual({ kind: 'with-spot', wallet: '100', spot: '60', missing: '60' });
    expect(coverage('160.000001', '100', '60')).toEqual({ kind: 'short', total: '160' });
    expect(coverage(null, '100', '60')).toEqual({ kind: 'unknown' });
    expect(coverage('1', null, '60')).toEqual({ kind: 'unknown' });
  });

  it('reads a currency the account does not hold as zero on both sides', () => {
    expect(balanceOf(overview([balance('USDT', '5', '1')]), 'BTC')).toMatchObject({ wallet: { available: '0' }, spot: { available: '0' } });
    expect(balanceOf(null, 'USDT').wallet.available).toBe('0');
  });
});

describe('beneficiaries', () => {
  it('wants an email to look like one, and no spaces in any identifier', () => {
    expect(beneficiaryProblem('email', '')).toBe('Enter the recipient’s email.');
    expect(beneficiaryProblem('email', 'alice')).toBe('This is not an email address (name@example.com).');
    expect(beneficiaryProblem('email', 'alice@sandbox')).toBe('This is not an email address (name@example.com).');
    expect(beneficiaryProblem('email', 'alice@sandbox.test')).toBeUndefined();
    expect(beneficiaryProblem('email', ' alice@sandbox.test')).toBe('Remove the spaces around the email.');
    expect(beneficiaryProblem('username', 'al ice')).toBe('A username has no spaces.');
    expect(beneficiaryProblem('external_id', 'ext-alice')).toBeUndefined();
    expect(beneficiaryProblem('username', 'ali\u202Ece')).toMatch(/invisible text-direction mark/);
  });

  it('matches the identifier typed again exactly, spaces around aside', () => {
    expect(identifiersMatch('alice@sandbox.test', 'alice@sandbox.test ')).toBe(true);
    expect(identifiersMatch('alice@sandbox.test', 'Alice@sandbox.test')).toBe(false);
    expect(identifiersMatch('alice', '')).toBe(false);
  });

  it('refuses a currency whose payouts or transfers the service switched off', () => {
    expect(currencyProblem(null, undefined, 'payout')).toBe('Choose a currency.');
    expect(currencyProblem('EUR', EUR, 'payout')).toBe('Payouts of EUR are switched off by the service, so it cannot be sent to another user.');
    expect(currencyProblem('EUR', EUR, 'transfer')).toBeUndefined();
    expect(currencyProblem('USDT', { ...USDT!, transferEnabled: false }, 'transfer')).toBe('Transfers of USDT are switched off by the service for now.');
    expect(currencyProblem('XYZ', undefined, 'any')).toBe('XYZ is not a currency the service knows.');
  });
});

describe('the send form', () => {
  const ctx = { info: USDT, balance: balance('USDT', '100', '50'), decimals: 6 };

  it('puts each error on its field before anything is sent', () => {
    const draft = { ...emptySendDraft(), currency: 'USDT', amount: '0', identifier: 'bob' };
    expect(validateSend(draft, ctx)).toEqual({ amount: 'The amount must be more than zero.', identifier: 'This is not an email address (name@example.com).' });
    expect(validateSend({ ...draft, amount: '-1' }, ctx).amount).toBe('Use digits and one dot, e.g. 125.50 (no commas or signs).');
    expect(validateSend({ ...draft, amount: '1.0000001' }, ctx).amount).toBe('USDT allows at most 6 decimal places.');
    expect(validateSend({ ...draft, amount: '150.000001' }, ctx).amount).toBe('More than the wallet and spot hold together (150 USDT).');
    expect(validateSend({ ...draft, amount: '150', by: 'username' }, ctx)).toEqual({}); // the rest is on spot: not an error
    expect(validateSend({ ...draft, currency: 'EUR' }, { ...ctx, info: EUR, decimals: 2 }).currency).toMatch(/^Payouts of EUR are switched off/);
  });

  it('sends the amount as plain decimal text and the identifier typed again', () => {
    const draft = { currency: 'USDT', amount: '12.50', by: 'email' as const, identifier: 'alice@sandbox.test' };
    expect(toSendInput(draft, 6, ' alice@sandbox.test ')).toEqual({
      currency: 'USDT', amount: '12.5', by: 'email', identifier: 'alice@sandbox.test', identifierAgain: 'alice@sandbox.test',
    });
  });
});
