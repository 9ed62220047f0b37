// The withdrawal form with funds on the wrong side: what the wallet lacks for amount plus fee (or
// the amount, fee included) is offered from spot — not an error — and moved exactly before the
// confirmation opens; more than both sides hold stays an error.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrencyInfo, FeeEstimateInput } from '../../../../preload/contract';
import Decimal from '../../../../preload/contract/decimal';
import { ok } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useWithdrawalForm } from '../../../../renderer/src/modules/wallet/use-withdrawal-form';
import { useWalletStore } from '../../../../renderer/src/modules/wallet/wallet-store';
import { fakeBridge, withSetup } from '../fake-bridge';
import { balance, overview } from './fixtures';

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const USDT: CurrencyInfo = {
  code: 'USDT', fullName: 'Tether', crypto: true, payinEnabled: true, payoutEnabled: true, transferEnabled: true, precision: 6,
  networks: [{
    network: 'ETH', name: 'Ethereum (ERC20)', isDefault: true, payinEnabled: true, payoutEnabled: true, minWithdrawal: '10',
    payoutFee: '5', paymentIdRequired: false, addressRegex: '^0x[a-fA-F0-9]{40}$', paymentIdRegex: null,
  }],
};
const estimateOf = ({ amount, includeFee }: FeeEstimateInput) => {
  const value = new Decimal(amount);
  return ok({ fee: '5', arrives: (includeFee ? value.minus(5) : value).toFixed(), debited: (includeFee ? value : value.plus(5)).toFixed() });
};

function setup() {
  let confirmations = 0;
  const fake = fakeBridge({
    listPendingMoves: () => ok([]),
    estimateWithdrawalFee: estimateOf,
    transferFunds: () => ok({ state: 'done', transactionIds: ['t1'] }),
    getWalletOverview: () => ok(overview([balance('USDT', '125', '15')])),
  });
  const { result: form } = withSetup(fake.bridge, () => useWithdrawalForm(() => (confirmations += 1)), () => {
    useProfilesStore().setActiveProfileId('p1');
    const wallet = useWalletStore();
    wallet.setCurrencies('p1', [USDT]);
    wallet.setOverview(overview([balance('USDT', '100', '40')]));
  });
  form.reset('USDT');
  Object.assign(form.draft, { address: ETH_ADDRESS });
  return { fake, form, confirmations: () => confirmations };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withdrawal with funds on the wrong side', () => {
  it('offers amount plus fee minus the wallet from spot, moves exactly that, then opens the confirmation', async () => {
    const { form, fake, confirmations } = setup();
    form.draft.amount = '120';
    form.touch('amount');
    expect(form.readyToConfirm()).toBe(false); // beyond the wallet, the fee decides what is missing
    await vi.advanceTimersByTimeAsync(350);
    expect(form.shownErrors.value.amount).toBeUndefined();
    expect(form.wrongSide.coverage.value).toEqual({ kind: 'with-spot', wallet: '100', spot: '40', missing: '25' });
    expect(form.readyToConfirm()).toBe(false);
    await form.wrongSide.moveFromSpot();
    expect(fake.calls.find((call) => call.op === 'transferFunds')?.request).toEqual({ currency: 'USDT', amount: '25', from: 'spot', to: 'wallet' });
    expect(confirmations()).toBe(1);
    expect(form.readyToConfirm()).toBe(true);
    expect(fake.calls.filter((call) => call.op === 'prepareWithdrawal')).toEqual([]);
  });

  it('with the fee taken out of the amount, only the amount is needed', async () => {
    const { form } = setup();
    Object.assign(form.draft, { amount: '120', includeFee: true });
    await vi.advanceTimersByTimeAsync(350);
    expect(form.wrongSide.coverage.value).toMatchObject({ kind: 'with-spot', missing: '20' });
  });

  it('keeps more than both sides hold as an error on the amount', async () => {
    const { form } = setup();
    form.draft.amount = '136';
    form.touch('amount');
    await vi.advanceTimersByTimeAsync(350);
    expect(form.shownErrors.value.amount).toBe('Insufficient funds: amount plus fee is 141 USDT, wallet and spot together hold 140. Turn on “include fee” or lower the amount.');
    form.draft.amount = '140.5';
    expect(form.shownErrors.value.amount).toBe('Insufficient funds: more than the wallet and spot hold together (140 USDT).');
    expect(form.wrongSide.active.value).toBe(false);
  });
});
