import { describe, expect, it } from 'vitest';
import { nextWaitingKey } from '../../../../renderer/src/modules/approvals/decision-focus';
import { settledSentence } from '../../../../renderer/src/modules/approvals/settled-words';

describe('nextWaitingKey', () => {
  const order = ['a', 'b', 'c', 'd'];
  it('takes the next waiting row after the decided one', () => {
    expect(nextWaitingKey(order, new Set(['b']), ['a', 'c', 'd'])).toBe('c');
  });
  it('skips rows that are no longer waiting and every decided row', () => {
    expect(nextWaitingKey(order, new Set(['a', 'b']), ['a', 'd'])).toBe('d');
  });
  it('goes back to the nearest waiting row before when none waits after', () => {
    expect(nextWaitingKey(order, new Set(['d']), ['a', 'b'])).toBe('b');
  });
  it('is null when nothing waits', () => {
    expect(nextWaitingKey(order, new Set(['a']), [])).toBeNull();
    expect(nextWaitingKey(order, new Set(['a']), ['a'])).toBeNull(); // its decision failed: still not the next
  });
});

describe('settledSentence', () => {
  const row = { amount: '500', currency: 'USDT', address: '0x52908400098527886E0F7030069857D2E4169EE7' };
  it('says a withdrawal that settled, once', () => {
    expect(settledSentence({ ...row, state: 'CREATED' }, { ...row, state: 'EXPIRED' })).toBe(
      'Withdrawal of 500 USDT to the address ending 9EE7: Rolled back — expired.',
    );
    expect(settledSentence({ ...row, state: 'CREATED' }, { ...row, state: 'PENDING' })).toBe('Withdrawal of 500 USDT to the address ending 9EE7: Approved, sending.');
    expect(settledSentence({ ...row, state: 'PENDING' }, { ...row, state: 'SUCCESS' })).toMatch(/: Completed\.$/);
    expect(settledSentence({ ...row, state: 'SUCCESS' }, { ...row, state: 'SUCCESS' })).toBeNull();
  });
  it('says nothing of a row seen for the first time or of a state on the way', () => {
    expect(settledSentence(undefined, { ...row, state: 'SUCCESS' })).toBeNull();
    expect(settledSentence({ ...row, state: 'CREATED' }, { ...row, state: 'COMMITTING' })).toBeNull();
  });
});
