// useWithdrawalForm: errors show once a field is touched; the fee is estimated a moment after the
// amount stops changing, and an estimate for an older draft is dropped; the estimate's debit
// decides "amount plus fee" against the balance; main's error on a field stays until it is edited.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrencyInfo, FeeEstimateInput, WalletOverview } from '../../../../preload/contract';
import Decimal from '../../../../preload/contract/decimal';
import { fail, ok } from '../../../../preload/contract/result';
import { usePendingStore } from '../../../../renderer/src/modules/pending/pending-store';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useWithdrawalForm } from '../../../../renderer/src/modules/wallet/use-withdrawal-form';
import { useWalletStore } from '../../../../renderer/src/modules/wallet/wallet-store';
import { fakeBridge, withSetup, type Answers } from '../fake-bridge';

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const USDT: CurrencyInfo = {
  code: 'USDT', fullName: 'Tether', crypto: true, payinEnabled: true, payoutEnabled: true, transferEnabled: true, precision: 6,
  networks: [{
    network: 'ETH', name: 'Ethereum (ERC20)', isDefault: true, payinEnabled: true, payoutEnabled: true, minWithdrawal: '10',
    payoutFee: '5', paymentIdRequired: false, addressRegex: '^0x[a-fA-F0-9]{40}$', paymentIdRegex: null,
  }],
};
const OVERVIEW: WalletOverview = {
  profileId: 'p1', valuationCurrency: 'USDT', totalValue: '100', rates: { USDT: '1' }, unvalued: [], live: true, precision: { USDT: 6 },
  asOf: '2026-11-23T09:00:00.000Z',
  balances: [{ currency: 'USDT', wallet: { available: '100', reserved: '0' }, spot: { available: '0', reserved: '0' }, total: '100', value: '100' }],
};

/** The sandbox's rule for a flat fee of 5: included, it comes out of the amount; else on top. */
const estimateOf = ({ amount, includeFee }: FeeEstimateInput) => {
  const value = new Decimal(amount);
  return ok({ fee: '5', arrives: (includeFee ? value.minus(5) : value).toFixed(), debited: (includeFee ? value : value.plus(5)).toFixed() });
};

function setup(answers: Answers) {
  const fake = fakeBridge(answers);
  const { result: form } = withSetup(fake.bridge, () => useWithdrawalForm(), () => {
    usePendingStore().setSyncing(true); // the ledger's subscription is the app's, not this spec's
    useProfilesStore().setActiveProfileId('p1');
    const wallet = useWalletStore();
    wallet.setCurrencies('p1', [USDT]);
    wallet.setOverview(OVERVIEW);
  });
  form.reset('USDT');
  return { fake, form };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useWithdrawalForm', () => {
  it('shows an error only once its field is touched, and every error when asked to confirm', () => {
    const { form } = setup({});
    form.draft.address = 'not-an-address';
    expect(form.errors.value.address).toBeDefined();
    expect(form.shownErrors.value).toEqual({});
    form.touch('address');
    expect(Object.keys(form.shownErrors.value)).toEqual(['address']);
    expect(form.readyToConfirm()).toBe(false);
    expect(Object.keys(form.shownErrors.value).sort()).toEqual(['address', 'amount']);
  });

  it('estimates once the amount rests, and drops an estimate for an older amount', async () => {
    let release: () => void = () => undefined;
    const { form, fake } = setup({
      estimateWithdrawalFee: (request) =>
        request.amount === '20' ? new Promise((resolve) => (release = () => resolve(estimateOf(request)))) : estimateOf(request),
    });
    form.draft.amount = '2';
    await vi.advanceTimersByTimeAsync(100);
    form.draft.amount = '20';
    await vi.advanceTimersByTimeAsync(349);
    expect(fake.calls).toEqual([]);
    expect(form.estimate.value.state).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.calls.map((call) => call.request)).toEqual([{ currency: 'USDT', amount: '20', network: 'ETH' }]);
    form.draft.amount = '30';
    await vi.advanceTimersByTimeAsync(350);
    expect(form.debited.value).toBe('35');
    release(); // the answer for 20 arrives late
    await vi.advanceTimersByTimeAsync(0);
    expect(form.debited.value).toBe('35');
  });

  it('refuses amount plus fee above the balance unless the fee is included', async () => {
    const { form } = setup({ estimateWithdrawalFee: estimateOf });
    Object.assign(form.draft, { address: ETH_ADDRESS, amount: '98' });
    form.touch('amount');
    await vi.advanceTimersByTimeAsync(350);
    expect(form.shownErrors.value.amount).toMatch(/^Insufficient funds: amount plus fee is 103 USDT, available 100\./);
    form.fillMax();
    await vi.advanceTimersByTimeAsync(350);
    expect(form.draft).toMatchObject({ amount: '100', includeFee: true });
    expect(form.shownErrors.value.amount).toBeUndefined();
    expect(form.readyToConfirm()).toBe(true);
  });

  it('puts main\'s refusal on the field it names until that field is edited', async () => {
    const { form } = setup({
      estimateWithdrawalFee: estimateOf,
      prepareWithdrawal: () => fail('API_20001', 'Address is blocked', 'address'),
    });
    Object.assign(form.draft, { address: ETH_ADDRESS, amount: '20' });
    await vi.advanceTimersByTimeAsync(350);
    const outcome = await form.prepare();
    expect(outcome.state).toBe('failed');
    expect(form.sending.value).toBe(false);
    expect(form.shownErrors.value.address).toBe('Address is blocked (API_20001)');
    expect(form.readyToConfirm()).toBe(false);
    form.touch('address');
    expect(form.shownErrors.value.address).toBeUndefined();
    expect(form.readyToConfirm()).toBe(true);
  });

  it('leaves a refusal on a field the form does not show to the top of the form, no field error hiding it', async () => {
    const { form } = setup({
      estimateWithdrawalFee: estimateOf,
      prepareWithdrawal: () => fail('VALIDATION', 'A payment id is required for USDT on ETH', 'paymentId'),
    });
    Object.assign(form.draft, { address: ETH_ADDRESS, amount: '20' });
    await vi.advanceTimersByTimeAsync(350);
    const hidden = await form.prepare((field) => field !== 'paymentId');
    expect(hidden).toMatchObject({ state: 'failed', onField: false, error: { field: 'paymentId' } });
    expect(form.shownErrors.value.paymentId).toBeUndefined();
    expect(form.draft).toMatchObject({ address: ETH_ADDRESS, amount: '20' });
    const shown = await form.prepare();
    expect(shown).toMatchObject({ state: 'failed', onField: true });
    expect(form.shownErrors.value.paymentId).toBe('A payment id is required for USDT on ETH (VALIDATION)');
  });
});
