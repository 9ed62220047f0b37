// The contract views of the team, built from folded signed entries for one desk at one moment.
import { describe, expect, it } from 'vitest';
import { fingerprintOf } from '../../../main/core/exports/fingerprint';
import {
  addressBookView,
  memberViews,
  pendingPolicyView,
  spendingViews,
  tamperedViews,
  teamSpendingView,
  teamStatusParts,
  teamWithdrawalView,
} from '../../../main/team/state/team-views';
import { Chain, at, atDate, makeDesk, policyWith, withdrawalFields } from './chain';

const payments = makeDesk('Payments');
const treasury = makeDesk('Treasury');
const audit = makeDesk('Audit');
const outsider = makeDesk('Outsider');

describe('team views', () => {
  it('lists members with fingerprint, who admitted them, removal votes by name and which is this desk', () => {
    const chain = Chain.team(payments, [treasury, audit]);
    chain.add(payments, 'member.removalVoted', { publicKey: audit.publicKey, reason: 'lost laptop' }, 5);
    const views = memberViews(chain.facts(), treasury.publicKey);
    expect(views).toEqual([
      { publicKey: payments.publicKey, fingerprint: fingerprintOf(payments.publicKey), name: 'Payments', since: at(0), admittedBy: null, removalVotes: [], self: false },
      { publicKey: treasury.publicKey, fingerprint: fingerprintOf(treasury.publicKey), name: 'Treasury', since: at(1), admittedBy: 'Payments', removalVotes: [], self: true },
      { publicKey: audit.publicKey, fingerprint: fingerprintOf(audit.publicKey), name: 'Audit', since: at(1), admittedBy: 'Payments', removalVotes: ['Payments'], self: false },
    ]);
  });

  it('lets only a member other than the proposer approve a policy change or an address', () => {
    const chain = Chain.team(payments, [treasury]);
    chain.add(payments, 'policy.proposed', { policy: policyWith({ coolDownHours: 48 }) }, 5);
    chain.add(payments, 'address.proposed', { id: 'a1', label: 'Cold', currency: 'BTC', network: 'BTC', address: 'bc1qcold', paymentId: null }, 6);
    const facts = chain.facts();
    expect(pendingPolicyView(facts, payments.publicKey)).toMatchObject({ proposedBy: 'Payments', proposedAt: at(5), canApprove: false, policy: { version: 2, coolDownHours: 48 } });
    expect(pendingPolicyView(facts, treasury.publicKey)?.canApprove).toBe(true);
    expect(pendingPolicyView(facts, outsider.publicKey)?.canApprove).toBe(false);
    expect(addressBookView(facts, payments.publicKey, atDate(7))[0]).toMatchObject({ state: 'awaitingApproval', canApprove: false, proposedBy: 'Payments', approvedBy: null });
    expect(addressBookView(facts, treasury.publicKey, atDate(7))[0]).toMatchObject({ canApprove: true, usableFrom: at(6 + 24 * 60) });
  });

  it('shows spending against each currency cap and the team cap', () => {
    const chain = Chain.team(payments, [treasury], policyWith({ currencyCaps: [{ currency: 'BTC', amount: '3' }, { currency: 'ETH', amount: '50' }], teamDailyCap: '500000' }));
    chain.prepare(payments, withdrawalFields('tx-1', 'BTC', '0.00000001'), '0.0006', 10);
    chain.prepare(payments, withdrawalFields('tx-2', 'BTC', '1.2'), '72000', 11, 2);
    const facts = chain.facts();
    expect(spendingViews(facts, atDate(20))).toEqual([
      { currency: 'BTC', used: '1.20000001', cap: '3' },
      { currency: 'ETH', used: '0', cap: '50' },
    ]);
    expect(teamSpendingView(facts, atDate(20))).toEqual({ currency: 'USDT', used: '72000.0006', cap: '500000' });
  });

  it('lists tampered entries and entries of non-members in chain order, by name or fingerprint', () => {
    const chain = Chain.team(payments, [treasury]);
    chain.admit(outsider, audit, 3);
    chain.add(treasury, 'member.removalVoted', { publicKey: payments.publicKey, reason: 'one' }, 4);
    chain.entries[3] = { ...chain.entries[3]!, body: { publicKey: payments.publicKey, reason: 'changed' } };
    expect(tamperedViews(chain.facts())).toEqual([
      { seq: 3, kind: 'member.admitted', author: fingerprintOf(outsider.publicKey), why: 'written by a desk that is not a member' },
      { seq: 4, kind: 'member.removalVoted', author: 'Treasury', why: 'its content does not match its hash: it was changed after it was written' },
    ]);
  });

  it('shows a withdrawal\'s four-eyes record as this desk sees it', () => {
    const chain = Chain.team(payments, [treasury, audit]);
    const fields = withdrawalFields('tx-1', 'BTC', '0.5');
    chain.prepare(payments, fields, '30000', 10, 2);
    chain.approve(treasury, fields, 11);
    expect(teamWithdrawalView(chain.facts(), 'tx-1', audit.publicKey, atDate(12))).toEqual({
      preparedBy: { name: 'Payments', at: at(10) },
      reason: 'Supplier invoice 1042',
      policyVersion: 1,
      referenceValue: '30000',
      referenceCurrency: 'USDT',
      approvalsNeeded: 2,
      approvals: [{ name: 'Treasury', at: at(11) }],
      stillNeeds: '1 more approval by a desk other than Payments and Treasury',
      canApprove: true,
      whyNot: null,
      committedBy: null,
      rejectedBy: null,
    });
    chain.add(audit, 'withdrawal.rejected', { txId: 'tx-1', reason: 'wrong invoice' }, 13);
    expect(teamWithdrawalView(chain.facts(), 'tx-1', audit.publicKey, atDate(14))).toMatchObject({
      canApprove: false, rejectedBy: { name: 'Audit', at: at(13), reason: 'wrong invoice' },
    });
    expect(teamWithdrawalView(chain.facts(), 'tx-2', audit.publicKey, atDate(14))).toBeNull();
  });

  it('gives the desk\'s standing as the team state', () => {
    const chain = Chain.team(payments, [treasury]);
    chain.add(audit, 'member.requested', { desk: { publicKey: audit.publicKey, name: 'Audit' } }, 3);
    const facts = chain.facts();
    expect(teamStatusParts(facts, treasury.publicKey, atDate(4))).toMatchObject({
      state: 'member', team: { id: 'team-ledger-1', name: 'Treasury team' }, desk: { name: 'Treasury' }, policy: { version: 1 }, spending: [],
    });
    expect(teamStatusParts(facts, audit.publicKey, atDate(4)).state).toBe('requested');
    expect(teamStatusParts(facts, outsider.publicKey, atDate(4))).toMatchObject({ state: 'solo', desk: { name: '', fingerprint: fingerprintOf(outsider.publicKey) } });
    expect(teamStatusParts(facts, treasury.publicKey, atDate(4)).joinRequests).toEqual([
      { publicKey: audit.publicKey, fingerprint: fingerprintOf(audit.publicKey), name: 'Audit', at: at(3) },
    ]);
  });
});
