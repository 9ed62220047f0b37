// useSubAccountTransfer: the amount checked against the side it leaves (the master's wallet or
// the sub-account's) in the currency's precision; a frozen account refused before sending; the
// transfer sent once with the direction chosen; main's refusals on their field; an uncertain
// transfer locks the form for this account only, until the ledger settles it.
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../../preload/contract/result';
import { usePendingStore } from '../../../../renderer/src/modules/pending/pending-store';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useSubAccountsStore } from '../../../../renderer/src/modules/subaccounts/subaccounts-store';
import { useSubAccountTransfer } from '../../../../renderer/src/modules/subaccounts/use-subaccount-transfer';
import { useWalletStore } from '../../../../renderer/src/modules/wallet/wallet-store';
import { fakeBridge, settle, withSetup, type Answers } from '../fake-bridge';
import { CURRENCIES, balance, overview, pendingMove } from '../transfers/fixtures';
import { subAccount, subBalances } from './fixtures';

async function setup(answers: Answers, id: string | null = 's1') {
  const fake = fakeBridge({
    listPendingMoves: () => ok([]),
    getSubAccountBalances: ({ id: sub }) => ok(subBalances(sub, '40.5')),
    getWalletOverview: () => ok(overview([balance('USDT', '100', '0')])),
    ...answers,
  });
  const notices: string[] = [];
  const mounted = withSetup(fake.bridge, () => useSubAccountTransfer(id, (notice) => notices.push(notice)), () => {
    useProfilesStore().setActiveProfileId('p1');
    const wallet = useWalletStore();
    wallet.setCurrencies('p1', CURRENCIES);
    wallet.setOverview(overview([balance('USDT', '100', '0')]));
    useSubAccountsStore().setList('p1', [subAccount('s1'), subAccount('s2', 'frozen'), subAccount('s3')]);
  });
  await settle();
  return { fake, form: mounted.result, notices };
}

const transfers = (fake: { calls: { op: string; request: unknown }[] }) => fake.calls.filter((call) => call.op === 'transferWithSubAccount').map((call) => call.request);

describe('useSubAccountTransfer', () => {
  it('checks the amount against the master wallet going to the sub-account and the sub-account wallet coming back', async () => {
    const { form } = await setup({});
    form.draft.currency = 'USDT';
    form.draft.amount = '60';
    expect(form.amountToReview()).toBe('60');
    form.draft.direction = 'fromSub';
    expect(form.amountToReview()).toBeNull();
    expect(form.shownErrors.value.amount).toBe('More than available (40.5 USDT).');
    form.fillMax();
    expect(form.draft.amount).toBe('40.5');
    form.draft.amount = '1.0000001';
    expect(form.amountToReview()).toBeNull();
    expect(form.shownErrors.value.amount).toBe('USDT allows at most 6 decimal places.');
  });

  it('names every missing field before anything is sent, the first one first', async () => {
    const { form, fake } = await setup({}, null);
    expect(form.amountToReview()).toBeNull();
    expect(form.shownErrors.value).toEqual({ subAccount: 'Choose a sub-account.', currency: 'Choose a currency.', amount: 'Enter an amount.' });
    expect(form.firstError.value).toBe('subAccount');
    expect(transfers(fake)).toEqual([]);
  });

  it('refuses a frozen account before sending', async () => {
    const { form, fake } = await setup({}, 's2');
    expect(form.blocked.value).toMatch(/frozen: the service refuses transfers/);
    form.draft.currency = 'USDT';
    form.draft.amount = '1';
    expect(form.amountToReview()).toBeNull();
    expect(await form.send('1')).toBe('refused');
    expect(transfers(fake)).toEqual([]);
  });

  it('sends once with the direction chosen, says what moved and reads both sides again', async () => {
    const { form, fake, notices } = await setup({ transferWithSubAccount: () => ok({ state: 'done', transactionId: 't9' }) });
    Object.assign(form.draft, { currency: 'USDT', amount: '25.50', direction: 'fromSub' });
    const amount = form.amountToReview();
    expect(amount).toBe('25.5');
    expect(await form.send(amount ?? '')).toBe('done');
    expect(transfers(fake)).toEqual([{ subAccountId: 's1', direction: 'fromSub', currency: 'USDT', amount: '25.5' }]);
    expect(notices).toEqual(['Moved 25.5 USDT from s1@sandbox.test to the master account']);
    expect(form.draft.amount).toBe('');
    expect(fake.calls.filter((call) => call.op === 'getSubAccountBalances')).toHaveLength(2);
    expect(fake.calls.some((call) => call.op === 'getWalletOverview')).toBe(true);
  });

  it('puts main\'s refusal on the field it names until that field is edited', async () => {
    const { form } = await setup({ transferWithSubAccount: () => fail('API_20001', 'Insufficient funds', 'amount') });
    Object.assign(form.draft, { currency: 'USDT', amount: '5' });
    expect(await form.send('5')).toBe('refused');
    expect(form.shownErrors.value.amount).toBe('Insufficient funds (API_20001)');
    form.draft.amount = '4';
    await settle();
    expect(form.shownErrors.value.amount).toBeUndefined();
  });

  it('says a refusal that names no field above the form, in plain words with its code', async () => {
    const { form } = await setup({ transferWithSubAccount: () => fail('API_10021', 'user disabled') });
    Object.assign(form.draft, { currency: 'USDT', amount: '5' });
    expect(await form.send('5')).toBe('refused');
    expect(form.shownErrors.value).toEqual({});
    expect(form.failure.value).toBe('user disabled (API_10021)');
  });

  it('in the drawer, shows a refusal naming the account above the form, keeps the amount and reads the account\'s status again', async () => {
    let frozenNow = false;
    const { form, fake } = await setup({
      transferWithSubAccount: () => {
        frozenNow = true;
        return fail('VALIDATION', 's1@sandbox.test is frozen: transfers with it are refused until it is activated', 'subAccountId');
      },
      listSubAccounts: () => ok({ profileId: 'p1', subAccounts: [subAccount('s1', frozenNow ? 'frozen' : 'active')], asOf: '2026-11-27T09:00:00.000Z' }),
    });
    Object.assign(form.draft, { currency: 'USDT', amount: '5' });
    expect(await form.send('5')).toBe('refused');
    await settle();
    expect(form.shownErrors.value.subAccount).toBeUndefined();
    expect(form.failure.value).toBe('s1@sandbox.test is frozen: transfers with it are refused until it is activated (VALIDATION)');
    expect(form.draft.amount).toBe('5');
    expect(fake.calls.filter((call) => call.op === 'listSubAccounts')).toHaveLength(1);
    expect(form.subAccount.value?.status).toBe('frozen');
    expect(form.blocked.value).toMatch(/frozen/);
  });

  it('on the Transfers page, where the account is chosen, shows the same refusal on the account field', async () => {
    const { form, fake } = await setup({
      transferWithSubAccount: () => fail('VALIDATION', 's1@sandbox.test is frozen', 'subAccountId'),
      listSubAccounts: () => ok({ profileId: 'p1', subAccounts: [subAccount('s1', 'frozen')], asOf: '2026-11-27T09:00:00.000Z' }),
    }, null);
    Object.assign(form.draft, { subAccountId: 's1', currency: 'USDT', amount: '5' });
    await settle();
    expect(await form.send('5')).toBe('refused');
    await settle();
    expect(fake.calls.filter((call) => call.op === 'listSubAccounts')).toHaveLength(1);
    expect(form.shownErrors.value.subAccount).toBe('s1@sandbox.test is frozen (VALIDATION)');
    expect(form.failure.value).toBeNull();
    expect(form.draft.amount).toBe('5');
  });

  it('locks after an uncertain transfer until the ledger finds it, and not for another account', async () => {
    const { form, notices, fake } = await setup({ transferWithSubAccount: () => ok({ state: 'uncertain', reason: 'Timed out', moveId: 'm1' }) });
    Object.assign(form.draft, { currency: 'USDT', amount: '5' });
    expect(await form.send('5')).toBe('uncertain');
    expect(form.locked.value).toBe(true);
    expect(form.amountToReview()).toBeNull();
    const pending = usePendingStore();
    pending.applyUpdate('p1', pendingMove({ id: 'm1', kind: 'subAccountTransfer', destination: 'to_sub_account:s1', amount: '5' }));
    expect(form.locked.value).toBe(true);
    pending.applyUpdate('p1', pendingMove({ id: 'm1', kind: 'subAccountTransfer', destination: 'to_sub_account:s1', amount: '5', state: 'found', updatedAt: '2026-11-23T09:01:00.000Z' }));
    await settle();
    expect(form.locked.value).toBe(false);
    expect(notices).toEqual(['Moved 5 USDT: found in the history']);
    expect(transfers(fake)).toHaveLength(1);
  });

  it('after a reload, an unsettled transfer with this account and currency locks the form; one with another account does not', async () => {
    const open = pendingMove({ id: 'm2', kind: 'subAccountTransfer', destination: 'from_sub_account:s3', amount: '7' });
    const { form } = await setup({ listPendingMoves: () => ok([open]) });
    form.draft.currency = 'USDT';
    await settle();
    expect(form.locked.value).toBe(false);
    form.draft.subAccountId = 's3';
    await settle();
    expect(form.locked.value).toBe(true);
    expect(form.move.value?.id).toBe('m2');
  });
});
