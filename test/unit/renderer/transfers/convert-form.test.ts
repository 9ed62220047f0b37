// useConvertForm with its live quote: the pair is watched once both currencies are chosen, each
// quote stamped when it arrives and aged on a ticking clock; a stale quote is refused before
// sending and re-quoted; the conversion goes against the quote reviewed; watching stops when the
// pair is cleared or the form ends; an uncertain conversion locks the form.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_STALE_MS, type ConversionPair } from '../../../../preload/contract';
import { fail, ok } from '../../../../preload/contract/result';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useConvertForm } from '../../../../renderer/src/modules/transfers/use-convert-form';
import { useWalletStore } from '../../../../renderer/src/modules/wallet/wallet-store';
import { fakeBridge, withSetup, type Answers } from '../fake-bridge';
import { CURRENCIES, balance, overview, pendingMove, quote } from './fixtures';

const TARGETS = [{ currency: 'BTC', rate: '0.00001' }, { currency: 'EUR', rate: '0.92' }];
const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(answers: Answers = {}) {
  let served = 0;
  const fake = fakeBridge({
    listPendingMoves: () => ok([]),
    listConversionTargets: () => ok(TARGETS),
    watchConversionQuote: (pair: ConversionPair) => ok(quote({ ...pair, quoteId: `w${(served += 1)}` })),
    stopConversionQuote: () => ok(undefined),
    getConversionQuote: (pair: ConversionPair) => ok(quote({ ...pair, quoteId: `r${(served += 1)}`, rate: '0.000011' })),
    ...answers,
  });
  const mounted = withSetup(fake.bridge, () => useConvertForm(), () => {
    useProfilesStore().setActiveProfileId('p1');
    const wallet = useWalletStore();
    wallet.setCurrencies('p1', CURRENCIES);
    wallet.setOverview(overview([balance('USDT', '500', '0')]));
  });
  return { fake, form: mounted.result, stop: mounted.stop };
}

async function choosePair(form: ReturnType<typeof setup>['form']): Promise<void> {
  form.draft.fromCurrency = 'USDT';
  await flush();
  form.draft.toCurrency = 'BTC';
  await flush();
}

const ops = (fake: ReturnType<typeof setup>['fake']) => fake.calls.map((call) => call.op).filter((op) => op !== 'listPendingMoves');

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

describe('useConvertForm', () => {
  it('watches the pair once both currencies are chosen, and takes newer quotes of that pair only', async () => {
    const { form, fake } = setup();
    await choosePair(form);
    expect(ops(fake)).toEqual(['listConversionTargets', 'watchConversionQuote']);
    expect(form.quote.current.value?.quote.quoteId).toBe('w1');
    fake.emit('conversionQuote', { profileId: 'p1', quote: quote({ quoteId: 'w2', rate: '0.00002' }) });
    fake.emit('conversionQuote', { profileId: 'p1', quote: quote({ quoteId: 'x', toCurrency: 'EUR' }) });
    fake.emit('conversionQuote', { profileId: 'p2', quote: quote({ quoteId: 'other-profile' }) });
    expect(form.quote.current.value?.quote.quoteId).toBe('w2');
    form.setAnchor('pay', '100');
    expect(form.amounts.value.receive?.toFixed()).toBe('0.001996');
  });

  it('ages the quote from when it arrived, refuses it once stale, and re-quotes', async () => {
    const { form, fake } = setup();
    await choosePair(form);
    form.setAnchor('pay', '100');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(form.quote.ageMs.value).toBe(2_000);
    expect(form.pin()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(QUOTE_STALE_MS);
    expect(form.quote.stale.value).toBe(true);
    expect(form.pin()).toBeNull();
    expect(form.shownErrors.value.quote).toBe('The quote is 7 s old: get a new quote before converting.');
    expect(form.firstError.value).toBe('quote');
    const fresh = await form.quote.requote();
    expect(fresh.ok && fresh.value.quote.quoteId).toBe('r2');
    expect(form.quote.stale.value).toBe(false);
    expect(form.pin()?.quote.quote.quoteId).toBe('r2');
    expect(ops(fake)).not.toContain('convertFunds');
  });

  it('re-quotes a review whose quote went stale, keeping the side the person typed', async () => {
    const { form } = setup();
    await choosePair(form);
    form.setAnchor('receive', '0.001');
    const pinned = form.pin();
    expect(pinned).toMatchObject({ anchor: 'receive', pay: '100.200401', receive: '0.001' });
    const again = await form.requote(pinned!);
    expect(again.ok && again.value).toMatchObject({ pay: '91.091274', receive: '0.001', quote: { quote: { quoteId: 'r2' } } });
  });

  it('converts against the reviewed quote and keeps what the service read back', async () => {
    const { form, fake } = setup({
      convertFunds: () => ok({
        state: 'done', transactionIds: ['t1', 't2'],
        debited: { currency: 'USDT', amount: '100', transactionId: 't1' }, credited: { currency: 'BTC', amount: '0.000998', transactionId: 't2' },
        expected: '0.000998', difference: '0',
      }),
    });
    await choosePair(form);
    form.setAnchor('pay', '100');
    const outcome = await form.convert(form.pin()!);
    expect(fake.calls.find((call) => call.op === 'convertFunds')?.request).toEqual({ fromCurrency: 'USDT', toCurrency: 'BTC', amount: '100', quoteId: 'w1' });
    expect(outcome.state).toBe('done');
    expect(form.done.value).toMatchObject({ fromCurrency: 'USDT', toCurrency: 'BTC', difference: '0' });
    expect(form.draft.pay).toBe('');
  });

  it('puts main\'s refusal of a stale quote on the quote field until a newer quote arrives', async () => {
    const { form, fake } = setup({ convertFunds: () => fail('VALIDATION', 'The quote is too old: get a new one', 'quote') });
    await choosePair(form);
    form.setAnchor('pay', '100');
    await form.convert(form.pin()!);
    expect(form.shownErrors.value.quote).toBe('The quote is too old: get a new one (VALIDATION)');
    fake.emit('conversionQuote', { profileId: 'p1', quote: quote({ quoteId: 'w9' }) });
    await flush();
    expect(form.shownErrors.value.quote).toBeUndefined();
  });

  it('locks while an uncertain conversion is checked', async () => {
    const { form, fake } = setup({ convertFunds: () => ok({ state: 'uncertain', reason: 'timeout', moveId: 'c1' }) });
    await choosePair(form);
    form.setAnchor('pay', '100');
    await form.convert(form.pin()!);
    expect(form.locked.value).toBe(true);
    expect(form.pin()).toBeNull();
    fake.emit('pendingMoveUpdated', { profileId: 'p1', move: pendingMove({ id: 'c1', kind: 'convert', state: 'absent' }) });
    await flush();
    expect(form.locked.value).toBe(false);
  });

  it('says when the pair has no rate, and stops watching when the pair is cleared or the form ends', async () => {
    const { form, fake, stop } = setup();
    await choosePair(form);
    form.draft.toCurrency = 'SOL';
    await flush();
    expect(form.errors.value.toCurrency).toBe('The service has no rate from USDT to SOL.');
    expect(ops(fake).at(-1)).toBe('stopConversionQuote');
    form.draft.toCurrency = 'EUR';
    await flush();
    expect(ops(fake).at(-1)).toBe('watchConversionQuote');
    expect(fake.listenerCount('conversionQuote')).toBe(1);
    stop();
    expect(ops(fake).at(-1)).toBe('stopConversionQuote');
    expect(fake.listenerCount('conversionQuote')).toBe(0);
  });
});
