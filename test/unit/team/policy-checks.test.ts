// The spending policy at prepare: tiers and the ceiling by value, caps per currency and for the
// team over a rolling 24 hours, and the address book, over real signed entries.
import { describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import { checkPrepare, spentLast24h, tierFor, type PrepareCandidate } from '../../../main/team/state/policy-checks';
import { defaultPolicy } from '../../../main/team/state/default-policy';
import { Chain, atDate, makeDesk, policyWith, withdrawalFields } from './chain';

const payments = makeDesk('Payments');
const treasury = makeDesk('Treasury');
const outsider = makeDesk('Outsider');

function candidate(changes: Partial<PrepareCandidate> = {}): PrepareCandidate {
  return {
    currency: 'BTC', network: 'BTC', address: 'bc1qexampleaddress0001', paymentId: null,
    amount: '1', referenceValue: '60000', author: payments.publicKey, now: atDate(120), ...changes,
  };
}

describe('tierFor', () => {
  const policy = defaultPolicy('USDT');

  it('takes the first tier whose upTo covers the value, inclusive', () => {
    expect(tierFor(policy, new Decimal('0'))).toEqual({ approvals: 1 });
    expect(tierFor(policy, new Decimal('10000'))).toEqual({ approvals: 1 });
    expect(tierFor(policy, new Decimal('10000.00000001'))).toEqual({ approvals: 2 });
    expect(tierFor(policy, new Decimal('250000'))).toEqual({ approvals: 2 });
  });

  it('refuses above the last tier, in plain words with amount and currency', () => {
    expect(tierFor(policy, new Decimal('250000.00000001'))).toEqual({
      refused: 'This withdrawal is worth 250,000.00000001 USDT, above the team\'s ceiling of 250,000 USDT',
    });
  });

  it('reads tiers in ascending order whatever order they are listed in, an unbounded tier last', () => {
    const unordered = policyWith({ tiers: [{ upTo: null, approvals: 3 }, { upTo: '250000', approvals: 2 }, { upTo: '10000', approvals: 1 }] });
    expect(tierFor(unordered, new Decimal('9999'))).toEqual({ approvals: 1 });
    expect(tierFor(unordered, new Decimal('1000000'))).toEqual({ approvals: 3 });
  });
});

describe('checkPrepare', () => {
  it('answers the approvals of the tier and the policy version in force', () => {
    const facts = Chain.team(payments, [treasury]).facts();
    expect(checkPrepare(facts, candidate({ referenceValue: '10000' }))).toEqual({ ok: true, approvalsNeeded: 1, policyVersion: 1 });
    expect(checkPrepare(facts, candidate({ referenceValue: '10000.00000001' }))).toEqual({ ok: true, approvalsNeeded: 2, policyVersion: 1 });
    expect(checkPrepare(facts, candidate({ referenceValue: '300000' }))).toEqual({
      ok: false, field: 'amount', code: 'POLICY_CEILING', message: 'This withdrawal is worth 300,000 USDT, above the team\'s ceiling of 250,000 USDT',
    });
  });

  it('refuses a desk that is not a member', () => {
    const facts = Chain.team(payments, [treasury]).facts();
    expect(checkPrepare(facts, candidate({ author: outsider.publicKey }))).toMatchObject({ ok: false, code: 'NOT_MEMBER' });
  });

  it('refuses what would bring a currency over its cap in the last 24 hours, counting the cap itself as allowed', () => {
    const chain = Chain.team(payments, [treasury], policyWith({ currencyCaps: [{ currency: 'BTC', amount: '3' }] }));
    chain.prepare(treasury, withdrawalFields('tx-1', 'BTC', '2.5'), '150000', 100, 2);
    chain.prepare(treasury, withdrawalFields('tx-2', 'ETH', '40'), '120000', 101, 2);
    const facts = chain.facts();
    expect(checkPrepare(facts, candidate({ amount: '1' }))).toEqual({
      ok: false, field: 'amount', code: 'POLICY_CAP', message: 'This would bring BTC prepared in the last 24 hours to 3.5 BTC, above the team\'s cap of 3 BTC',
    });
    expect(checkPrepare(facts, candidate({ amount: '0.5' }))).toMatchObject({ ok: true });
    expect(checkPrepare(facts, candidate({ currency: 'ETH', network: 'ETH', amount: '1000' }))).toMatchObject({ ok: true });
  });

  it('lets the cap free up after 24 hours and after a rejection', () => {
    const chain = Chain.team(payments, [treasury], policyWith({ currencyCaps: [{ currency: 'BTC', amount: '3' }] }));
    chain.prepare(treasury, withdrawalFields('tx-1', 'BTC', '2.5'), '150000', 100, 2);
    expect(checkPrepare(chain.facts(), candidate({ now: atDate(100 + 24 * 60 - 1) }))).toMatchObject({ ok: false, code: 'POLICY_CAP' });
    expect(checkPrepare(chain.facts(), candidate({ now: atDate(100 + 24 * 60) }))).toMatchObject({ ok: true });
    chain.add(payments, 'withdrawal.rejected', { txId: 'tx-1', reason: 'duplicate' }, 102);
    expect(checkPrepare(chain.facts(), candidate({ now: atDate(103) }))).toMatchObject({ ok: true });
  });

  it('counts a backdated withdrawal in the window from the chain\'s time', () => {
    const chain = Chain.team(payments, [treasury], policyWith({ currencyCaps: [{ currency: 'BTC', amount: '3' }] }));
    chain.prepare(treasury, withdrawalFields('tx-1', 'BTC', '0.1'), '6000', 100, 1);
    chain.prepare(treasury, withdrawalFields('tx-2', 'BTC', '2.5'), '150000', -3 * 24 * 60, 2);
    const facts = chain.facts();
    expect(spentLast24h(facts, atDate(110)).byCurrency.get('BTC')?.toFixed()).toBe('2.6');
    expect(checkPrepare(facts, candidate({ now: atDate(110) }))).toMatchObject({ ok: false, code: 'POLICY_CAP' });
  });

  it('refuses what would bring the team over its daily cap in the reference currency', () => {
    const chain = Chain.team(payments, [treasury], policyWith({ teamDailyCap: '200000' }));
    chain.prepare(treasury, withdrawalFields('tx-1', 'BTC', '2'), '120000', 100, 2);
    chain.prepare(treasury, withdrawalFields('tx-2', 'ETH', '10'), '30000.5', 101, 2);
    const facts = chain.facts();
    expect(spentLast24h(facts, atDate(110))).toMatchObject({ referenceCurrency: 'USDT' });
    expect(spentLast24h(facts, atDate(110)).teamTotal.toFixed()).toBe('150000.5');
    expect(checkPrepare(facts, candidate({ referenceValue: '60000' }))).toEqual({
      ok: false, field: 'amount', code: 'POLICY_CAP',
      message: 'This would bring the team\'s withdrawals prepared in the last 24 hours to 210,000.5 USDT, above the team\'s daily cap of 200,000 USDT',
    });
    expect(checkPrepare(facts, candidate({ referenceValue: '49999.5' }))).toMatchObject({ ok: true, approvalsNeeded: 2 });
  });
});

describe('checkPrepare with the address book only', () => {
  const book = policyWith({ addressBookOnly: true, coolDownHours: 24 });
  const entry = { id: 'addr-1', label: 'Cold wallet', currency: 'BTC', network: 'BTC', address: 'bc1qcoldwallet', paymentId: null };
  const toBook = candidate({ address: 'bc1qcoldwallet' });

  it('refuses an address that is not in the book', () => {
    const facts = Chain.team(payments, [treasury], book).facts();
    expect(checkPrepare(facts, toBook)).toEqual({
      ok: false, field: 'address', code: 'POLICY_ADDRESS_BOOK',
      message: 'Withdrawals go only to addresses in the team\'s address book, and this BTC address on BTC is not in it',
    });
  });

  it('says an entry waits for approval by a desk other than its proposer', () => {
    const chain = Chain.team(payments, [treasury], book);
    chain.add(payments, 'address.proposed', entry, 10);
    expect(checkPrepare(chain.facts(), toBook)).toMatchObject({
      ok: false, code: 'POLICY_ADDRESS_BOOK', message: 'This address is in the team\'s address book as "Cold wallet" but waits for a desk other than Payments to approve it',
    });
  });

  it('says until when an approved entry cools down, and takes it once the cool-down has run', () => {
    const chain = Chain.team(payments, [treasury], book);
    chain.add(payments, 'address.proposed', entry, 10);
    chain.add(treasury, 'address.approved', { id: 'addr-1' }, 11);
    const facts = chain.facts();
    expect(checkPrepare(facts, toBook)).toMatchObject({
      ok: false, code: 'POLICY_ADDRESS_BOOK',
      message: `This address is in the team's address book as "Cold wallet" but may be used only from ${atDate(10 + 24 * 60).toISOString()}, when its cool-down ends`,
    });
    expect(checkPrepare(facts, { ...toBook, now: atDate(10 + 24 * 60) })).toMatchObject({ ok: true });
    expect(checkPrepare(facts, { ...toBook, now: atDate(10 + 24 * 60), paymentId: 'memo-1' })).toMatchObject({ ok: false, code: 'POLICY_ADDRESS_BOOK' });
    expect(checkPrepare(facts, { ...toBook, now: atDate(10 + 24 * 60), network: 'LIGHTNING' })).toMatchObject({ ok: false, code: 'POLICY_ADDRESS_BOOK' });
  });

  it('refuses an entry that was removed', () => {
    const chain = Chain.team(payments, [treasury], policyWith({ addressBookOnly: true, coolDownHours: 0 }));
    chain.add(payments, 'address.proposed', entry, 10);
    chain.add(treasury, 'address.approved', { id: 'addr-1' }, 11);
    expect(checkPrepare(chain.facts(), toBook)).toMatchObject({ ok: true });
    chain.add(payments, 'address.removed', { id: 'addr-1', reason: 'retired' }, 12);
    expect(checkPrepare(chain.facts(), toBook)).toMatchObject({ ok: false, message: 'This address was removed from the team\'s address book' });
  });
});
