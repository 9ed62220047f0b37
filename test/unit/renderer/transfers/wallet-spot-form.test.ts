// useTransferForm as the Transfers page uses it (the currency chosen on the page, from and to as
// two fields): same side refused on "to", a currency the service will not transfer refused on
// "currency", main's refusal placed on the field it names, and the first field with an error.
import { ref } from 'vue';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { balanceOf } from '../../../../renderer/src/modules/transfers/transfer-rules';
import { useTransferForm } from '../../../../renderer/src/modules/wallet/use-transfer-form';
import { useWalletStore } from '../../../../renderer/src/modules/wallet/wallet-store';
import { fakeBridge, settle, withSetup, type Answers } from '../fake-bridge';
import { CURRENCIES, balance, currencyInfo, overview } from './fixtures';

async function setup(answers: Answers = {}) {
  const fake = fakeBridge({ listPendingMoves: () => ok([]), ...answers });
  const currency = ref('USDT');
  const notices: string[] = [];
  const { result: form } = withSetup(
    fake.bridge,
    () => {
      const store = useWalletStore();
      return useTransferForm(() => balanceOf(store.overview, currency.value), () => store.precision, (notice) => notices.push(notice));
    },
    () => {
      useProfilesStore().setActiveProfileId('p1');
      const wallet = useWalletStore();
      wallet.setCurrencies('p1', [...CURRENCIES, currencyInfo('XRP', 6, { transferEnabled: false })]);
      wallet.setOverview(overview([balance('USDT', '100', '40'), balance('XRP', '5', '0')]));
    },
  );
  await settle();
  return { fake, form, currency, notices };
}

describe('useTransferForm on the Transfers page', () => {
  it('turns the other side into the destination when the source changes, and refuses the same side on "to"', async () => {
    const { form, fake } = await setup();
    form.from.value = 'spot';
    expect(form.to.value).toBe('wallet');
    expect(form.available.value).toBe('40');
    form.to.value = 'spot';
    form.amount.value = '10';
    expect(form.amountToConfirm()).toBeNull();
    expect(form.directionError.value).toBe('Choose the other side: money moves from one side to the other.');
    expect(form.firstError.value).toBe('to');
    expect(fake.calls.filter((call) => call.op === 'transferFunds')).toEqual([]);
  });

  it('refuses a currency the service does not transfer, before the amount', async () => {
    const { form, currency } = await setup();
    currency.value = 'XRP';
    await settle();
    form.amount.value = '1';
    expect(form.amountToConfirm()).toBeNull();
    expect(form.currencyError.value).toBe('Transfers of XRP are switched off by the service for now.');
    expect(form.firstError.value).toBe('currency');
  });

  it('puts main\'s refusal on the field it names, and takes it away once the amount changes', async () => {
    const { form } = await setup({ transferFunds: () => fail('API_20001', 'Insufficient funds', 'amount') });
    form.amount.value = '50';
    await form.send(form.amountToConfirm() ?? '');
    expect(form.fieldError.value).toBe('Insufficient funds (API_20001)');
    expect(form.failure.value).toBeNull();
    expect(form.firstError.value).toBe('amount');
    form.amount.value = '49';
    await settle();
    expect(form.fieldError.value).toBeUndefined();
  });

  it('sends what the person chose', async () => {
    const { form, fake, notices } = await setup({ transferFunds: () => ok({ state: 'done', transactionIds: ['t1'] }) });
    form.from.value = 'spot';
    form.fillMax();
    await form.send(form.amountToConfirm() ?? '');
    expect(fake.calls.at(-1)).toEqual({ op: 'transferFunds', request: { currency: 'USDT', amount: '40', from: 'spot', to: 'wallet' } });
    expect(notices).toEqual(['Moved 40 USDT to wallet']);
  });
});
