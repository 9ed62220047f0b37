// useTransferForm: the amount is checked against the side it leaves before anything is sent; a
// refusal is shown and the amount kept; an answer lost on the way locks the form, which follows
// the ledger's move and opens again only when the move is settled.
import { ref } from 'vue';
import { describe, expect, it } from 'vitest';
import type { MergedBalance, PendingMoveView } from '../../../../preload/contract';
import { fail, ok } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useTransferForm, type TransferField } from '../../../../renderer/src/modules/wallet/use-transfer-form';
import { fakeBridge, settle, withSetup, type Answers } from '../fake-bridge';

const USDT: MergedBalance = { currency: 'USDT', wallet: { available: '100.5', reserved: '0' }, spot: { available: '2', reserved: '0' }, total: '102.5' };
const BTC: MergedBalance = { currency: 'BTC', wallet: { available: '1', reserved: '0' }, spot: { available: '0', reserved: '0' }, total: '1' };

function move(overrides: Partial<PendingMoveView>): PendingMoveView {
  return {
    id: 'm1', profileId: 'p1', kind: 'transfer', currency: 'USDT', amount: '10', destination: 'wallet>spot', state: 'uncertain',
    txIds: [], candidates: [], reason: null, settledBy: null, settleBy: null, mayRunLate: false,
    createdAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z', ...overrides,
  };
}

async function setup(answers: Answers, pending: PendingMoveView[] = [], onScreen?: (field: TransferField) => boolean) {
  const fake = fakeBridge({ listPendingMoves: () => ok(pending), ...answers });
  const balance = ref(USDT);
  const notices: string[] = [];
  const mounted = withSetup(
    fake.bridge,
    () => useTransferForm(() => balance.value, () => ({ USDT: 2, BTC: 8 }), (notice) => notices.push(notice), onScreen),
    () => useProfilesStore().setActiveProfileId('p1'),
  );
  await settle();
  return { fake, balance, notices, form: mounted.result };
}

describe('useTransferForm', () => {
  it('shows no error before the amount is touched, then refuses what the side does not hold or cannot express', async () => {
    const { form, fake } = await setup({});
    form.amount.value = '100.51';
    expect(form.fieldError.value).toBeUndefined();
    expect(form.amountToConfirm()).toBeNull();
    expect(form.fieldError.value).toBe('More than available (100.5 USDT).');
    form.amount.value = '1.005';
    expect(form.fieldError.value).toBe('USDT allows at most 2 decimal places.');
    form.from.value = 'spot';
    expect(form.to.value).toBe('wallet');
    form.fillMax();
    expect(form.amount.value).toBe('2');
    expect(form.amountToConfirm()).toBe('2');
    expect(fake.calls.filter((call) => call.op === 'transferFunds')).toEqual([]);
  });

  it('sends the confirmed amount, then clears the form and says where the money went', async () => {
    const { form, fake, notices } = await setup({ transferFunds: () => ok({ state: 'done', transactionIds: ['t1'] }) });
    form.amount.value = '10.50';
    const text = form.amountToConfirm();
    expect(text).toBe('10.5');
    await form.send(text ?? '');
    expect(fake.calls.at(-1)).toEqual({ op: 'transferFunds', request: { currency: 'USDT', amount: '10.5', from: 'wallet', to: 'spot' } });
    expect(notices).toEqual(['Moved 10.5 USDT to spot']);
    expect(form.amount.value).toBe('');
    expect(form.touched.value).toBe(false);
    expect(form.locked.value).toBe(false);
  });

  it('keeps the amount and shows the refusal with its code', async () => {
    const { form, notices } = await setup({ transferFunds: () => fail('API_20001', 'Insufficient funds') });
    form.amount.value = '10';
    await form.send('10');
    expect(form.failure.value).toBe('Insufficient funds (API_20001)');
    expect(form.amount.value).toBe('10');
    expect(notices).toEqual([]);
    form.amountToConfirm(); // a new attempt starts without the old refusal
    expect(form.failure.value).toBeNull();
  });

  it('says a refusal of a field the form does not show as its failure, and one it shows on that field', async () => {
    const refuse = () => fail('VALIDATION', 'Choose the other side', 'to');
    const panel = await setup({ transferFunds: refuse }, [], (field) => field !== 'to');
    panel.form.amount.value = '10';
    await panel.form.send('10');
    expect(panel.form.failure.value).toBe('Choose the other side (VALIDATION)');
    expect(panel.form.directionError.value).toBeUndefined();
    expect(panel.form.amount.value).toBe('10');
    const page = await setup({ transferFunds: refuse });
    page.form.amount.value = '10';
    await page.form.send('10');
    expect(page.form.failure.value).toBeNull();
    expect(page.form.directionError.value).toBe('Choose the other side (VALIDATION)');
  });

  it('locks while the outcome is unknown and opens again when the ledger finds the transfer', async () => {
    const { form, fake, notices } = await setup({ transferFunds: () => ok({ state: 'uncertain', reason: 'timeout', moveId: 'm1' }) });
    form.amount.value = '10';
    await form.send('10');
    expect(form.locked.value).toBe(true);
    expect(form.amountToConfirm()).toBeNull(); // never re-sent while it may have happened
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: move({ state: 'uncertain' }) });
    await settle();
    expect(form.move.value?.state).toBe('uncertain');
    expect(form.locked.value).toBe(true);
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: move({ state: 'found', txIds: ['t9'], updatedAt: '2026-11-23T09:01:00.000Z' }) });
    await settle();
    expect(form.locked.value).toBe(false);
    expect(notices).toEqual(['Moved 10 USDT: found in the history']);
    expect(form.amount.value).toBe('');
  });

  it('opens again without a notice when the transfer proved absent', async () => {
    const { form, fake, notices } = await setup({ transferFunds: () => ok({ state: 'uncertain', reason: 'timeout', moveId: 'm1' }) });
    await form.send('10');
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: move({ state: 'absent', updatedAt: '2026-11-23T09:01:00.000Z' }) });
    await settle();
    expect(form.locked.value).toBe(false);
    expect(notices).toEqual([]);
  });

  it('is locked after a reload by an unsettled transfer of its currency, and only of its currency', async () => {
    const { form, balance } = await setup({}, [move({ id: 'm7', state: 'ambiguous' })]);
    expect(form.move.value?.id).toBe('m7');
    expect(form.locked.value).toBe(true);
    balance.value = BTC;
    await settle();
    expect(form.move.value).toBeNull();
    expect(form.locked.value).toBe(false);
  });

  it('starts over when another currency is chosen', async () => {
    const { form, balance } = await setup({ transferFunds: () => ok({ state: 'uncertain', reason: 'timeout', moveId: 'm1' }) });
    form.amount.value = '10';
    await form.send('10');
    balance.value = BTC;
    await settle();
    expect(form.amount.value).toBe('');
    expect(form.uncertainMoveId.value).toBeNull();
    expect(form.locked.value).toBe(false);
    expect(form.available.value).toBe('1');
  });
});
