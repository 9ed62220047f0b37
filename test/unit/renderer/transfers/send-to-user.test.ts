// useSendToUser: errors on their fields before anything is sent; the identifier typed again goes
// with the send; main's refusals land on the field they name; an uncertain send locks the form
// until the ledger settles it; and funds on the wrong side are moved from spot — exactly what is
// missing — before the review opens, never past an uncertain move.
import { describe, expect, it } from 'vitest';
import type { MergedBalance } from '../../../../preload/contract';
import { fail, ok } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useSendToUser } from '../../../../renderer/src/modules/transfers/use-send-to-user';
import { useWalletStore } from '../../../../renderer/src/modules/wallet/wallet-store';
import { fakeBridge, settle, withSetup, type Answers } from '../fake-bridge';
import { CURRENCIES, balance, overview, pendingMove } from './fixtures';

async function setup(answers: Answers, balances: MergedBalance[] = [balance('USDT', '100', '50')]) {
  const fake = fakeBridge({ listPendingMoves: () => ok([]), ...answers });
  let reviews = 0;
  const { result: form } = withSetup(fake.bridge, () => useSendToUser(() => (reviews += 1)), () => {
    useProfilesStore().setActiveProfileId('p1');
    const wallet = useWalletStore();
    wallet.setCurrencies('p1', CURRENCIES);
    wallet.setOverview(overview(balances));
  });
  await settle();
  return { fake, form, reviews: () => reviews };
}

const sends = (fake: { calls: { op: string; request: unknown }[] }) => fake.calls.filter((call) => call.op === 'sendToUser');

describe('useSendToUser', () => {
  it('shows errors once touched, all of them at review, and sends nothing', async () => {
    const { form, fake } = await setup({});
    form.draft.currency = 'EUR';
    form.draft.identifier = 'alice';
    expect(form.shownErrors.value).toEqual({});
    expect(form.review()).toBe('errors');
    expect(form.shownErrors.value).toEqual({
      currency: 'Payouts of EUR are switched off by the service, so it cannot be sent to another user.',
      amount: 'Enter an amount.',
      identifier: 'This is not an email address (name@example.com).',
    });
    expect(form.firstError.value).toBe('currency');
    form.draft.by = 'username';
    expect(form.shownErrors.value.identifier).toBeUndefined();
    expect(sends(fake)).toEqual([]);
  });

  it('sends once reviewed, with the identifier typed again, and clears the form', async () => {
    const { form, fake } = await setup({ sendToUser: () => ok({ state: 'done', transactionId: 't7' }) });
    Object.assign(form.draft, { currency: 'USDT', amount: '25.50', identifier: 'alice@sandbox.test' });
    expect(form.review()).toBe('review');
    const outcome = await form.send('alice@sandbox.test');
    expect(sends(fake).map((call) => call.request)).toEqual([
      { currency: 'USDT', amount: '25.5', by: 'email', identifier: 'alice@sandbox.test', identifierAgain: 'alice@sandbox.test' },
    ]);
    expect(outcome).toEqual({ state: 'done', sent: { transactionId: 't7', amount: '25.5', currency: 'USDT', by: 'email', identifier: 'alice@sandbox.test' } });
    expect(form.draft.amount).toBe('');
    expect(form.draft.identifier).toBe('');
  });

  it('sends the identifier as typed again, so main can refuse a mismatch, which stays with the review', async () => {
    const { form, fake } = await setup({
      sendToUser: (input) => (input.identifierAgain === input.identifier
        ? ok({ state: 'done', transactionId: 't1' })
        : fail('VALIDATION', 'Type the same identifier again to confirm', 'identifierAgain')),
    });
    Object.assign(form.draft, { currency: 'USDT', amount: '5', identifier: 'alice@sandbox.test' });
    const outcome = await form.send('alice@sandbox.tes');
    expect(sends(fake).map((call) => (call.request as { identifierAgain: string }).identifierAgain)).toEqual(['alice@sandbox.tes']);
    expect(outcome).toMatchObject({ state: 'failed', again: true });
    expect(form.shownErrors.value).toEqual({});
    expect(form.failure.value).toBeNull();
    expect(form.draft.identifier).toBe('alice@sandbox.test');
  });

  it('puts main\'s refusal on the field it names, in plain words, until that field is edited', async () => {
    const { form } = await setup({ sendToUser: () => fail('API_22004', 'No user with that email', 'identifier') });
    Object.assign(form.draft, { currency: 'USDT', amount: '5', identifier: 'nobody@sandbox.test' });
    const outcome = await form.send('nobody@sandbox.test');
    expect(outcome).toMatchObject({ state: 'failed', again: false });
    expect(form.shownErrors.value.identifier).toBe('No user with that email (API_22004)');
    expect(form.firstError.value).toBe('identifier');
    form.edit('identifier');
    expect(form.shownErrors.value.identifier).toBeUndefined();
  });

  it('locks while an uncertain send is checked, and opens again once the ledger settles it', async () => {
    const { form, fake } = await setup({ sendToUser: () => ok({ state: 'uncertain', reason: 'timeout', moveId: 'm1' }) });
    Object.assign(form.draft, { currency: 'USDT', amount: '5', identifier: 'alice@sandbox.test' });
    expect(await form.send('alice@sandbox.test')).toEqual({ state: 'uncertain' });
    expect(form.locked.value).toBe(true);
    expect(form.review()).toBe('locked');
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: pendingMove({ kind: 'internalWithdraw', destination: 'alice@sandbox.test', amount: '5', state: 'uncertain' }) });
    expect(form.move.value?.state).toBe('uncertain');
    fake.emit('pendingMoveUpdated', {
      profileId: 'p1',
      move: pendingMove({ kind: 'internalWithdraw', destination: 'alice@sandbox.test', amount: '5', state: 'found', txIds: ['t9'], updatedAt: '2026-11-23T09:01:00.000Z' }),
    });
    await settle();
    expect(form.locked.value).toBe(false);
    expect(form.sent.value).toMatchObject({ transactionId: 't9', amount: '5', identifier: 'alice@sandbox.test' });
    expect(sends(fake)).toHaveLength(1);
  });

  it('moves exactly what the wallet lacks from spot, then opens the review', async () => {
    const after = overview([balance('USDT', '130', '20')]);
    const { form, fake, reviews } = await setup({
      transferFunds: () => ok({ state: 'done', transactionIds: ['t1'] }),
      getWalletOverview: () => ok(after),
    });
    Object.assign(form.draft, { currency: 'USDT', amount: '130', identifier: 'alice@sandbox.test' });
    expect(form.review()).toBe('wrong-side');
    expect(form.wrongSide.coverage.value).toEqual({ kind: 'with-spot', wallet: '100', spot: '50', missing: '30' });
    await form.wrongSide.moveFromSpot();
    expect(fake.calls.filter((call) => call.op === 'transferFunds').map((call) => call.request)).toEqual([
      { currency: 'USDT', amount: '30', from: 'spot', to: 'wallet' },
    ]);
    expect(form.wrongSide.state.value).toBe('moved');
    expect(form.wrongSide.moved.value).toBe('30');
    expect(reviews()).toBe(1);
    expect(form.review()).toBe('review');
    expect(sends(fake)).toEqual([]); // the send itself waits for the person's review
  });

  it('stops at an uncertain move from spot, and offers the review only once the ledger finds it', async () => {
    const { form, fake, reviews } = await setup({
      transferFunds: () => ok({ state: 'uncertain', reason: 'timeout', moveId: 'w1' }),
      getWalletOverview: () => ok(overview([balance('USDT', '130', '20')])),
    });
    Object.assign(form.draft, { currency: 'USDT', amount: '130', identifier: 'alice@sandbox.test' });
    await form.wrongSide.moveFromSpot();
    expect(form.wrongSide.state.value).toBe('checking');
    expect(form.review()).toBe('locked');
    await form.wrongSide.moveFromSpot(); // never sent twice while it may have happened
    expect(fake.calls.filter((call) => call.op === 'transferFunds')).toHaveLength(1);
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: pendingMove({ id: 'w1', amount: '30', state: 'found', txIds: ['t3'] }) });
    await settle();
    expect(form.wrongSide.state.value).toBe('moved');
    expect(reviews()).toBe(0); // time has passed: the person continues by hand
    expect(form.review()).toBe('review');
  });

  it('offers the move again when the ledger proves the move from spot never happened', async () => {
    const { form, fake } = await setup({ transferFunds: () => ok({ state: 'uncertain', reason: 'timeout', moveId: 'w1' }) });
    Object.assign(form.draft, { currency: 'USDT', amount: '130', identifier: 'alice@sandbox.test' });
    await form.wrongSide.moveFromSpot();
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: pendingMove({ id: 'w1', amount: '30', state: 'absent' }) });
    await settle();
    expect(form.wrongSide.state.value).toBe('offer');
    expect(form.wrongSide.failure.value).toMatch(/never took effect/);
    expect(form.review()).toBe('wrong-side');
  });
});
