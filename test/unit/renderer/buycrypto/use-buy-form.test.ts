// useBuyForm with main answering from a fake bridge: quotes asked only once the amount has settled
// and never for an amount no method takes; main's refusals on their field; a quote refused at
// order time refreshes the board; an uncertain order locks buying the pair; the arrival notice
// asks permission once and announces each order once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationApi } from '../../../../renderer/src/modules/approvals/deadline-notifier';
import { createArrivalNotifier } from '../../../../renderer/src/modules/buycrypto/arrival-notifier';
import { useBuyStore } from '../../../../renderer/src/modules/buycrypto/buy-store';
import { useBuyForm } from '../../../../renderer/src/modules/buycrypto/use-buy-form';
import { QUOTE_REFRESH_MS, QUOTE_SETTLE_MS } from '../../../../renderer/src/modules/buycrypto/use-buy-quotes';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { fail, ok } from '../../../../preload/contract/result';
import { fakeBridge, withSetup, type Answers } from '../fake-bridge';
import { OPTIONS, board, order, row } from './fixtures';

const flush = () => vi.advanceTimersByTimeAsync(0);

async function setup(answers: Answers) {
  const fake = fakeBridge({ listPendingMoves: () => ok([]), getBuyQuotes: (request) => ok(board([row('102', { best: true }), row('101')], request)), ...answers });
  const mounted = withSetup(fake.bridge, () => useBuyForm(), () => {
    useProfilesStore().setActiveProfileId('p1');
    useBuyStore().setOptions('p1', OPTIONS);
  });
  await flush();
  const form = mounted.result;
  form.chooseSource('EUR');
  form.chooseTarget('BTC');
  await flush();
  return { fake, form, stop: mounted.stop };
}

const asked = (fake: { calls: { op: string }[] }, op = 'getBuyQuotes') => fake.calls.filter((call) => call.op === op).length;

describe('useBuyForm', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks nothing for an amount under every minimum, and asks once the amount has settled otherwise', async () => {
    const { fake, form, stop } = await setup({});
    expect(form.draft.network).toBe('BTC'); // the one network BTC arrives on
    form.draft.amount = '5';
    await vi.advanceTimersByTimeAsync(QUOTE_SETTLE_MS * 3);
    expect(form.shownErrors.value.amount).toContain('take 10 – 50,000 EUR');
    expect(asked(fake)).toBe(0);
    form.draft.amount = '1';
    await vi.advanceTimersByTimeAsync(100);
    form.draft.amount = '15';
    await vi.advanceTimersByTimeAsync(QUOTE_SETTLE_MS - 1);
    expect(asked(fake)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.calls.filter((call) => call.op === 'getBuyQuotes').map((call) => call.request)).toEqual([
      { source: 'EUR', target: 'BTC', network: 'BTC', side: 'pay', amount: '15' },
    ]);
    expect(form.quotes.current.value).toBe(true);
    await vi.advanceTimersByTimeAsync(QUOTE_REFRESH_MS);
    expect(asked(fake)).toBe(2); // kept fresh while shown
    stop();
    await vi.advanceTimersByTimeAsync(QUOTE_REFRESH_MS * 2);
    expect(asked(fake)).toBe(2);
  });

  it('greets a first visit with no error: a choice not made yet is said once an amount is typed', async () => {
    const fake = fakeBridge({ listPendingMoves: () => ok([]), getBuyQuotes: (request) => ok(board([row('102', { best: true })], request)) });
    const { result: form } = withSetup(fake.bridge, () => useBuyForm(), () => {
      useProfilesStore().setActiveProfileId('p1');
      useBuyStore().setOptions('p1', OPTIONS);
    });
    await flush();
    form.chooseSource('EUR');
    await flush();
    expect(form.shownErrors.value).toEqual({});
    expect(form.firstError.value).toBeNull();
    form.draft.amount = '100';
    await flush();
    expect(form.shownErrors.value.target).toBe('Choose the crypto you want to receive.');
  });

  it('puts main’s refusal of the quotes on the field it names', async () => {
    const { form } = await setup({ getBuyQuotes: () => fail('VALIDATION', 'No provider delivers BTC there', 'network') });
    form.draft.amount = '100';
    await vi.advanceTimersByTimeAsync(QUOTE_SETTLE_MS);
    expect(form.shownErrors.value).toEqual({ network: 'No provider delivers BTC there (VALIDATION)' });
    expect(form.firstError.value).toBe('network');
  });

  it('creates the reviewed row once; a stale quote refreshes the board and says why', async () => {
    const { fake, form } = await setup({ createBuyOrder: () => fail('VALIDATION', 'The quote is 61 s old; refresh it', 'quote') });
    form.draft.amount = '100';
    await vi.advanceTimersByTimeAsync(QUOTE_SETTLE_MS);
    const pinned = form.pin(row('102', { best: true }));
    expect(pinned).not.toBeNull();
    const outcome = await form.create(pinned!);
    expect(outcome).toMatchObject({ state: 'failed', field: 'quote' });
    expect(fake.calls.filter((call) => call.op === 'createBuyOrder').map((call) => call.request)).toEqual([
      { quote: 'q-102', providerId: '1', methodId: '102', source: 'EUR', target: 'BTC', network: 'BTC', amount: '100.00' },
    ]);
    await flush();
    expect(asked(fake)).toBe(2);
    expect(form.shownErrors.value.quote).toBe('The quote is 61 s old; refresh it (VALIDATION)');
    form.draft.amount = '120';
    await flush();
    expect(form.shownErrors.value.quote).toBeUndefined();
  });

  it('keeps a created order in the list and locks the pair after an uncertain one', async () => {
    let answer: 'done' | 'uncertain' = 'done';
    const { form } = await setup({
      createBuyOrder: () => ok(answer === 'done' ? { state: 'done', order: order('7') } : { state: 'uncertain', reason: 'Timed out.', moveId: 'm1' }),
    });
    form.draft.amount = '100';
    await vi.advanceTimersByTimeAsync(QUOTE_SETTLE_MS);
    expect(await form.create(form.pin(row('102'))!)).toMatchObject({ state: 'done', order: { id: '7' } });
    expect(useBuyStore().orders.map((o) => o.id)).toEqual(['7']);
    answer = 'uncertain';
    expect(await form.create(form.pin(row('102'))!)).toEqual({ state: 'uncertain', reason: 'Timed out.', moveId: 'm1' });
    expect(form.locked.value).toBe(true);
    expect(form.pin(row('102'))).toBeNull();
  });
});

describe('arrival notifier', () => {
  function api(permission: NotificationPermission) {
    const shown: string[] = [];
    let requests = 0;
    const fake: NotificationApi = {
      permission,
      requestPermission: async () => {
        requests += 1;
        return 'granted';
      },
      show: (title, body) => shown.push(`${title}: ${body}`),
    };
    return { fake, shown, requests: () => requests };
  }

  it('asks permission once, and only while undecided', () => {
    const undecided = api('default');
    const notifier = createArrivalNotifier(undecided.fake, () => undefined);
    notifier.askOnce();
    notifier.askOnce();
    expect(undecided.requests()).toBe(1);
    const denied = api('denied');
    createArrivalNotifier(denied.fake, () => undefined).askOnce();
    expect(denied.requests()).toBe(0);
  });

  it('announces each order once, on the desktop when allowed and always in the app', () => {
    const granted = api('granted');
    const inApp: string[] = [];
    const notifier = createArrivalNotifier(granted.fake, (title, body) => inApp.push(`${title}: ${body}`));
    const done = order('12', { status: 'completed', open: false });
    expect(notifier.arrived(done, OPTIONS.precision)).toBe('desktop');
    expect(notifier.arrived(done, OPTIONS.precision)).toBe('already');
    expect(granted.shown).toEqual(['Coins arrived: 0.00123000 BTC from Sandbox Pay (order 12) are in your wallet']);
    expect(inApp).toEqual(granted.shown);
    expect(createArrivalNotifier(api('denied').fake, () => undefined).arrived(done, OPTIONS.precision)).toBe('in-app');
  });
});
