// useSweep: errors on their fields before planning; the plan asked with keep or target; the
// preview from the plan; once confirmed, each step's events move it on and the result is the last
// word; another plan's events change nothing.
import { describe, expect, it } from 'vitest';
import type { SweepInput } from '../../../../preload/contract';
import { fail, ok } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useSweep } from '../../../../renderer/src/modules/subaccounts/use-sweep';
import { useWalletStore } from '../../../../renderer/src/modules/wallet/wallet-store';
import { fakeBridge, settle, withSetup } from '../fake-bridge';
import { CURRENCIES } from '../transfers/fixtures';
import { sweepPlan, sweepStep } from './fixtures';

const plan = sweepPlan([sweepStep('a', '10'), sweepStep('b', '5')], { total: '15' });

function setup(answers: Parameters<typeof fakeBridge>[0]) {
  const fake = fakeBridge(answers);
  let finished = 0;
  const { result } = withSetup(fake.bridge, () => useSweep(() => (finished += 1)), () => {
    useProfilesStore().setActiveProfileId('p1');
    useWalletStore().setCurrencies('p1', CURRENCIES);
  });
  return { fake, sweep: result, finished: () => finished };
}

describe('useSweep', () => {
  it('asks for a currency, and a target when topping up, before planning', async () => {
    const { sweep, fake } = setup({});
    await sweep.preview(['a']);
    expect(sweep.shownErrors.value).toEqual({ currency: 'Choose a currency.' });
    sweep.draft.currency = 'USDT';
    sweep.draft.mode = 'topUp';
    await sweep.preview(['a']);
    expect(sweep.shownErrors.value).toEqual({ amount: 'Enter the balance to top each account up to.' });
    sweep.draft.amount = '1.0000001';
    await sweep.preview(['a']);
    expect(sweep.shownErrors.value.amount).toBe('USDT allows at most 6 decimal places.');
    expect(fake.calls).toEqual([]);
  });

  it('plans with keep or target as asked and puts main\'s refusal on the amount', async () => {
    const asked: SweepInput[] = [];
    const { sweep } = setup({ planSweep: (input) => (asked.push(input), input.mode === 'topUp' ? fail('VALIDATION', 'Too much', 'target') : ok(plan)) });
    Object.assign(sweep.draft, { currency: 'USDT', mode: 'topUp', amount: '50' });
    await sweep.preview(['a', 'b']);
    expect(sweep.shownErrors.value.amount).toBe('Too much (VALIDATION)');
    expect(sweep.phase.value).toBe('form');
    Object.assign(sweep.draft, { mode: 'collect', amount: '' });
    await sweep.preview(['a', 'b']);
    expect(asked).toEqual([
      { mode: 'topUp', currency: 'USDT', ids: ['a', 'b'], target: '50' },
      { mode: 'collect', currency: 'USDT', ids: ['a', 'b'] },
    ]);
    expect(sweep.phase.value).toBe('preview');
    expect(sweep.counts.value).toMatchObject({ toSend: 2, settled: 0 });
  });

  it('says a refusal naming the accounts above the form, the amount kept, and reads the list of accounts again', async () => {
    const { sweep, fake } = setup({
      planSweep: () => fail('VALIDATION', 'Unknown sub-account b', 'ids'),
      listSubAccounts: () => ok({ profileId: 'p1', subAccounts: [], asOf: '2026-11-27T09:00:00.000Z' }),
    });
    Object.assign(sweep.draft, { currency: 'USDT', mode: 'topUp', amount: '50' });
    await sweep.preview(['a', 'b']);
    await settle();
    expect(sweep.failure.value).toBe('Unknown sub-account b (VALIDATION)');
    expect(sweep.shownErrors.value).toEqual({});
    expect(sweep.draft.amount).toBe('50');
    expect(fake.calls.filter((call) => call.op === 'listSubAccounts')).toHaveLength(1);
  });

  it('runs the confirmed plan with its steps live, a failed one beside the others', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const { sweep, fake, finished } = setup({
      planSweep: () => ok(plan),
      runSweep: () => new Promise((resolve) => (finish = resolve)) as never,
      listSubAccounts: () => ok({ profileId: 'p1', subAccounts: [], asOf: '2026-11-27T09:00:00.000Z' }),
    });
    sweep.draft.currency = 'USDT';
    await sweep.preview(['a', 'b']);
    const running = sweep.run();
    await settle();
    expect(fake.calls.at(-1)).toEqual({ op: 'runSweep', request: { planId: 'plan-1' } });
    expect(sweep.phase.value).toBe('running');
    const step = { planId: 'plan-1', message: null, transactionId: null, moveId: null };
    fake.emit('sweepStep', { profileId: 'p1', step: { ...step, index: 0, subAccountId: 'a', state: 'done', transactionId: 't1' } });
    fake.emit('sweepStep', { profileId: 'p1', step: { ...step, planId: 'other', index: 1, subAccountId: 'b', state: 'done' } });
    expect(sweep.lines.value.map((line) => line.state)).toEqual(['done', 'waiting']);
    finish(ok({ planId: 'plan-1', steps: [{ ...step, index: 0, subAccountId: 'a', state: 'done', transactionId: 't1' }, { ...step, index: 1, subAccountId: 'b', state: 'failed', message: 'Insufficient funds (API_20001)' }] }));
    await running;
    expect(sweep.phase.value).toBe('finished');
    expect(sweep.counts.value).toMatchObject({ done: 1, failed: 1, movedTotal: '10', finished: true });
    expect(finished()).toBe(1);
    expect(fake.calls.filter((call) => call.op === 'listSubAccounts')).toHaveLength(1); // the failed step's account read again
  });
});
