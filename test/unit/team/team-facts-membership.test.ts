// Who counts as a member, folded from real signed entries: the founder, admitted desks, removal by
// two other members' votes, leaving; tampered entries and entries of non-members never count.
import { describe, expect, it } from 'vitest';
import { fingerprintOf } from '../../../main/core/exports/fingerprint';
import { verifyEntries } from '../../../main/team/entry-crypto';
import { NOT_A_MEMBER, TeamFacts } from '../../../main/team/state/team-facts';
import { Chain, makeDesk } from './chain';

const payments = makeDesk('Payments');
const treasury = makeDesk('Treasury');
const audit = makeDesk('Audit');
const outsider = makeDesk('Outsider');

const memberKeys = (facts: TeamFacts) => facts.members().map((member) => member.publicKey);

describe('membership', () => {
  it('makes the founder the first member, with the team and its policy version 1', () => {
    const facts = Chain.team(payments, []).facts();
    expect(facts.team()).toMatchObject({ id: 'team-ledger-1', name: 'Treasury team', founder: payments.publicKey });
    expect(facts.member(payments.publicKey)).toMatchObject({ admittedBy: null, removalVotes: [] });
    expect(facts.policies().map((record) => record.policy.version)).toEqual([1]);
    expect(facts.nameOf(payments.publicKey)).toBe('Payments');
  });

  it('counts a team.created entry only as the chain\'s first', () => {
    const chain = Chain.team(payments, []);
    chain.add(payments, 'team.created', { name: 'Second team', founder: { publicKey: payments.publicKey, name: 'Payments' }, policy: chain.facts().policy(new Date())! }, 5);
    const facts = chain.facts();
    expect(facts.team()?.name).toBe('Treasury team');
    expect(facts.ignored()).toMatchObject([{ seq: 2, kind: 'team.created', why: 'a team is created only by the first entry of its chain' }]);
  });

  it('keeps a join request until a member admits the desk, then lists it as a member admitted by that member', () => {
    const chain = Chain.team(payments, []);
    chain.add(treasury, 'member.requested', { desk: { publicKey: treasury.publicKey, name: 'Treasury' } }, 2);
    const requested = chain.facts();
    expect(requested.standing(treasury.publicKey)).toBe('requested');
    expect(requested.joinRequests()).toEqual([{ publicKey: treasury.publicKey, name: 'Treasury', at: chain.entries[1]!.at }]);

    chain.admit(payments, treasury, 3);
    const admitted = chain.facts();
    expect(admitted.standing(treasury.publicKey)).toBe('member');
    expect(admitted.joinRequests()).toEqual([]);
    expect(admitted.member(treasury.publicKey)).toMatchObject({ admittedBy: payments.publicKey, since: chain.entries[2]!.at });
  });

  it('does not admit a desk when the fingerprint the admitting member gives is not the desk\'s', () => {
    const chain = Chain.team(payments, []);
    chain.add(payments, 'member.admitted', { desk: { publicKey: treasury.publicKey, name: 'Treasury' }, fingerprint: fingerprintOf(audit.publicKey) }, 2);
    const facts = chain.facts();
    expect(facts.isMember(treasury.publicKey)).toBe(false);
    expect(facts.ignored()[0]?.why).toBe('the fingerprint it gives is not the admitted desk\'s');
  });

  it('never counts a tampered entry (body changed after signing), and keeps its neighbours', () => {
    const chain = Chain.team(payments, []);
    chain.admit(payments, treasury, 2);
    chain.admit(payments, audit, 3);
    const changed = chain.entries[1]!;
    chain.entries[1] = { ...changed, body: { desk: { publicKey: outsider.publicKey, name: 'Treasury' }, fingerprint: fingerprintOf(outsider.publicKey) } };
    const facts = chain.facts();
    expect(memberKeys(facts)).toEqual([payments.publicKey, audit.publicKey]);
    expect(facts.isMember(outsider.publicKey)).toBe(false);
    expect(facts.tampered()).toEqual([{
      seq: 2, kind: 'member.admitted', author: payments.publicKey, at: changed.at,
      why: 'its content does not match its hash: it was changed after it was written',
    }]);
  });

  it('keeps entries written by a desk that is not a member as notMember, changing nothing', () => {
    const chain = Chain.team(payments, []);
    chain.admit(outsider, treasury, 2);
    const facts = chain.facts();
    expect(facts.isMember(treasury.publicKey)).toBe(false);
    expect(facts.notMember()).toMatchObject([{ seq: 2, kind: 'member.admitted', author: outsider.publicKey, why: NOT_A_MEMBER }]);
    expect(NOT_A_MEMBER).toBe('written by a desk that is not a member');
  });

  it('removes a member only on votes by two different other members', () => {
    const chain = Chain.team(payments, [treasury, audit]);
    chain.add(treasury, 'member.removalVoted', { publicKey: treasury.publicKey, reason: 'testing myself' }, 5);
    chain.add(payments, 'member.removalVoted', { publicKey: treasury.publicKey, reason: 'lost laptop' }, 6);
    chain.add(payments, 'member.removalVoted', { publicKey: treasury.publicKey, reason: 'again' }, 7);
    const oneVote = chain.facts();
    expect(oneVote.isMember(treasury.publicKey)).toBe(true);
    expect(oneVote.member(treasury.publicKey)?.removalVotes.map((vote) => vote.voter)).toEqual([payments.publicKey]);
    expect(oneVote.ignored().map((entry) => entry.why)).toEqual([
      'a desk does not vote on its own removal',
      'this desk already voted to remove that member',
    ]);

    chain.add(audit, 'member.removalVoted', { publicKey: treasury.publicKey, reason: 'confirmed' }, 8);
    const removed = chain.facts();
    expect(removed.standing(treasury.publicKey)).toBe('removed');
    expect(memberKeys(removed)).toEqual([payments.publicKey, audit.publicKey]);
    expect(removed.formerMember(treasury.publicKey)).toMatchObject({ how: 'removed', reason: 'lost laptop; confirmed' });
  });

  it('does not count a removed desk\'s later entries, nor its earlier vote against another member', () => {
    const chain = Chain.team(payments, [treasury, audit]);
    chain.add(treasury, 'member.removalVoted', { publicKey: audit.publicKey, reason: 'suspicious' }, 4);
    chain.add(payments, 'member.removalVoted', { publicKey: treasury.publicKey, reason: 'lost laptop' }, 5);
    chain.add(audit, 'member.removalVoted', { publicKey: treasury.publicKey, reason: 'confirmed' }, 6);
    chain.admit(treasury, outsider, 7);
    chain.add(payments, 'member.removalVoted', { publicKey: audit.publicKey, reason: 'second vote' }, 8);
    const facts = chain.facts();
    expect(facts.isMember(outsider.publicKey)).toBe(false);
    expect(facts.notMember()).toMatchObject([{ seq: 7, author: treasury.publicKey, why: NOT_A_MEMBER }]);
    // Treasury's vote left with it: Payments' vote is the only one, so Audit stays.
    expect(facts.isMember(audit.publicKey)).toBe(true);
    expect(facts.member(audit.publicKey)?.removalVotes.map((vote) => vote.voter)).toEqual([payments.publicKey]);
  });

  it('removes a desk that leaves', () => {
    const chain = Chain.team(payments, [treasury]);
    chain.add(treasury, 'member.left', { reason: 'moved to another team' }, 5);
    const facts = chain.facts();
    expect(facts.standing(treasury.publicKey)).toBe('removed');
    expect(facts.formerMember(treasury.publicKey)).toMatchObject({ how: 'left', reason: 'moved to another team' });
  });

  it('folds entries incrementally to the same state, skipping entries already applied', () => {
    const chain = Chain.team(payments, [treasury]);
    chain.add(payments, 'member.removalVoted', { publicKey: treasury.publicKey, reason: 'one' }, 5);
    chain.add(audit, 'member.requested', { desk: { publicKey: audit.publicKey, name: 'Audit' } }, 6);
    const all = chain.verified();
    const stepwise = new TeamFacts();
    stepwise.apply(all.slice(0, 2));
    stepwise.apply(all.slice(1, 3));
    stepwise.apply(verifyEntries(chain.entries.slice(3), stepwise.lastHash()));
    const whole = chain.facts();
    expect(stepwise.members()).toEqual(whole.members());
    expect(stepwise.joinRequests()).toEqual(whole.joinRequests());
    expect(stepwise.lastSeq()).toBe(4);
    expect(stepwise.lastHash()).toBe(chain.entries[3]!.hash);
  });
});
