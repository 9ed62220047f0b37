// Four eyes on a withdrawal, over real signed entries: approvals by members other than the
// preparer, for exactly the prepared fields, one per desk; the first commit claim wins; and what
// a desk is told when it may not approve.
import { describe, expect, it } from 'vitest';
import { approvalStatus } from '../../../main/team/state/policy-checks';
import { Chain, at, atDate, makeDesk, policyWith, withdrawalFields } from './chain';

const payments = makeDesk('Payments');
const treasury = makeDesk('Treasury');
const audit = makeDesk('Audit');
const outsider = makeDesk('Outsider');

const fields = withdrawalFields('tx-1', 'BTC', '0.5');
const approversOf = (chain: Chain) => chain.facts().withdrawal('tx-1')?.approvals.map((approval) => approval.by);

function preparedTeam(referenceValue = '30000', approvalsNeeded = 2): Chain {
  const chain = Chain.team(payments, [treasury, audit]);
  chain.prepare(payments, fields, referenceValue, 10, approvalsNeeded);
  return chain;
}

describe('withdrawal approvals', () => {
  it('records the prepared withdrawal as written', () => {
    const withdrawal = preparedTeam().facts().withdrawal('tx-1');
    expect(withdrawal).toMatchObject({
      fields, preparedBy: payments.publicKey, preparedAt: at(10), referenceValue: '30000', referenceCurrency: 'USDT',
      policyVersion: 1, approvalsNeeded: 2, reason: 'Supplier invoice 1042', approvals: [], rejected: null, commitClaim: null,
    });
  });

  it('does not count the preparer\'s own approval', () => {
    const chain = preparedTeam();
    chain.approve(payments, fields, 11);
    expect(approversOf(chain)).toEqual([]);
    expect(chain.facts().ignored()[0]?.why).toBe('the desk that prepared a withdrawal cannot approve it');
  });

  it('does not count an approval of other fields than the prepared ones', () => {
    const chain = preparedTeam();
    chain.approve(treasury, { ...fields, amount: '5' }, 11);
    chain.approve(audit, { ...fields, address: 'bc1qsomeoneelse' }, 12);
    expect(approversOf(chain)).toEqual([]);
    chain.approve(treasury, { ...fields }, 13);
    expect(approversOf(chain)).toEqual([treasury.publicKey]);
  });

  it('counts one approval per desk', () => {
    const chain = preparedTeam();
    chain.approve(treasury, fields, 11);
    chain.approve(treasury, fields, 12);
    expect(approversOf(chain)).toEqual([treasury.publicKey]);
  });

  it('does not count a removed desk\'s later approvals', () => {
    const chain = preparedTeam();
    chain.add(payments, 'member.removalVoted', { publicKey: treasury.publicKey, reason: 'lost laptop' }, 11);
    chain.add(audit, 'member.removalVoted', { publicKey: treasury.publicKey, reason: 'confirmed' }, 12);
    chain.approve(treasury, fields, 13);
    expect(approversOf(chain)).toEqual([]);
    expect(chain.facts().notMember().map((entry) => entry.kind)).toEqual(['withdrawal.approved']);
  });

  it('lets the first commit claim win, and ignores one made before the approvals were there', () => {
    const chain = preparedTeam('30000', 2);
    chain.approve(treasury, fields, 11);
    chain.add(treasury, 'withdrawal.commitClaimed', { txId: 'tx-1' }, 12, 'commit:tx-1');
    expect(chain.facts().withdrawal('tx-1')?.commitClaim).toBeNull();
    chain.approve(audit, fields, 13);
    chain.add(audit, 'withdrawal.commitClaimed', { txId: 'tx-1' }, 14, 'commit:tx-1');
    chain.add(treasury, 'withdrawal.commitClaimed', { txId: 'tx-1' }, 15, 'commit:tx-1');
    chain.add(treasury, 'withdrawal.commitSent', { txId: 'tx-1', outcome: 'accepted', detail: null }, 16);
    chain.add(audit, 'withdrawal.commitSent', { txId: 'tx-1', outcome: 'accepted', detail: null }, 17);
    const facts = chain.facts();
    expect(facts.withdrawal('tx-1')).toMatchObject({ commitClaim: { by: audit.publicKey, at: at(14) }, commitSent: { by: audit.publicKey, outcome: 'accepted' } });
    expect(facts.ignored().map((entry) => entry.why)).toEqual([
      'it claims the commit with 1 of the 2 approvals needed',
      'the withdrawal\'s commit was already claimed',
      'only the desk that claimed the commit reports what the service answered',
    ]);
  });

  it('takes no approval or claim after a rejection', () => {
    const chain = preparedTeam('500', 1);
    chain.add(audit, 'withdrawal.rejected', { txId: 'tx-1', reason: 'wrong invoice' }, 11);
    chain.approve(treasury, fields, 12);
    const facts = chain.facts();
    expect(facts.withdrawal('tx-1')).toMatchObject({ approvals: [], rejected: { by: audit.publicKey, reason: 'wrong invoice' } });
  });
});

describe('approvalStatus', () => {
  const now = atDate(20);

  it('says what is still needed, naming the desks that may not give it', () => {
    const chain = preparedTeam('30000', 2);
    const before = approvalStatus(chain.facts(), 'tx-1', treasury.publicKey, now, chain.facts().policy(now));
    expect(before).toEqual({ canApprove: true, whyNot: null, approvals: [], needed: 2, stillNeeds: '2 more approvals by desks other than Payments' });
    chain.approve(treasury, fields, 11);
    const facts = chain.facts();
    expect(approvalStatus(facts, 'tx-1', audit.publicKey, now, facts.policy(now))).toEqual({
      canApprove: true,
      whyNot: null,
      approvals: [{ publicKey: treasury.publicKey, name: 'Treasury', at: at(11) }],
      needed: 2,
      stillNeeds: '1 more approval by a desk other than Payments and Treasury',
    });
    chain.approve(audit, fields, 12);
    expect(approvalStatus(chain.facts(), 'tx-1', audit.publicKey, now, facts.policy(now))?.stillNeeds).toBe('');
  });

  it('tells the preparer another desk must approve, and a desk that approved when it did', () => {
    const chain = preparedTeam();
    chain.approve(treasury, fields, 11);
    const facts = chain.facts();
    const policy = facts.policy(now);
    expect(approvalStatus(facts, 'tx-1', payments.publicKey, now, policy)).toMatchObject({ canApprove: false, whyNot: 'You prepared this withdrawal: another desk must approve it' });
    expect(approvalStatus(facts, 'tx-1', treasury.publicKey, now, policy, 'UTC')).toMatchObject({ canApprove: false, whyNot: 'You approved this withdrawal at 10:11:00' });
    expect(approvalStatus(facts, 'tx-1', outsider.publicKey, now, policy)?.whyNot).toMatch(/^This desk is not a member of the team/);
    expect(approvalStatus(facts, 'tx-unknown', treasury.publicKey, now, policy)).toEqual({
      canApprove: false, whyNot: 'This withdrawal was not prepared through the team, so no desk can approve it here', approvals: [], needed: 0, stillNeeds: '',
    });
  });

  it('says who committed or rejected it and when, in the desk\'s time zone', () => {
    const committed = preparedTeam('500', 1);
    committed.approve(treasury, fields, 11);
    committed.add(treasury, 'withdrawal.commitClaimed', { txId: 'tx-1' }, 42 + 7 / 60, 'commit:tx-1');
    const facts = committed.facts();
    expect(approvalStatus(facts, 'tx-1', audit.publicKey, now, facts.policy(now), 'UTC')?.whyNot).toBe('Committed by Treasury at 10:42:07');
    expect(approvalStatus(facts, 'tx-1', audit.publicKey, now, facts.policy(now), 'Europe/Berlin')?.whyNot).toBe('Committed by Treasury at 11:42:07');

    const rejected = preparedTeam('500', 1);
    rejected.add(audit, 'withdrawal.rejected', { txId: 'tx-1', reason: 'wrong invoice' }, 15);
    const rejectedFacts = rejected.facts();
    expect(approvalStatus(rejectedFacts, 'tx-1', treasury.publicKey, now, rejectedFacts.policy(now), 'UTC')?.whyNot).toBe('Rejected by Audit at 10:15:00: wrong invoice');
  });

  it('asks for what the policy in force now asks when it is more than was recorded at prepare', () => {
    const chain = preparedTeam('8000', 1);
    const proposal = chain.add(payments, 'policy.proposed', { policy: policyWith({ tiers: [{ upTo: '5000', approvals: 1 }, { upTo: '250000', approvals: 2 }] }) }, 12).hash;
    chain.add(audit, 'policy.approved', { version: 2, proposal }, 13);
    const facts = chain.facts();
    expect(approvalStatus(facts, 'tx-1', treasury.publicKey, now, facts.policy(now))).toMatchObject({ needed: 2, canApprove: true });
    expect(approvalStatus(facts, 'tx-1', treasury.publicKey, atDate(12), facts.policy(atDate(12)))).toMatchObject({ needed: 1 });
  });

  it('refuses an approval the policy in force now would refuse, counting the caps without the withdrawal itself', () => {
    const chain = preparedTeam('30000', 2);
    const withinCap = policyWith({ currencyCaps: [{ currency: 'BTC', amount: '0.5' }] });
    const facts = chain.facts();
    expect(approvalStatus(facts, 'tx-1', treasury.publicKey, now, withinCap)).toMatchObject({ canApprove: true, whyNot: null });
    const lowered = policyWith({ currencyCaps: [{ currency: 'BTC', amount: '0.4' }] });
    expect(approvalStatus(facts, 'tx-1', treasury.publicKey, now, lowered)).toMatchObject({
      canApprove: false,
      whyNot: 'The policy in force now refuses it: This would bring BTC prepared in the last 24 hours to 0.5 BTC, above the team\'s cap of 0.4 BTC',
    });
    const lowCeiling = policyWith({ tiers: [{ upTo: '10000', approvals: 1 }] });
    expect(approvalStatus(facts, 'tx-1', treasury.publicKey, now, lowCeiling)?.whyNot).toBe(
      'The policy in force now refuses it: This withdrawal is worth 30,000 USDT, above the team\'s ceiling of 10,000 USDT',
    );
  });
});
