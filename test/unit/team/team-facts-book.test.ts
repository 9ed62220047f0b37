// Policy changes and the address book each need a second desk: a proposal is in force only once
// another member approves it, from that approval's time; an address is usable only once another
// desk approved it and its cool-down has run from the proposal.
import { describe, expect, it } from 'vitest';
import { defaultPolicy } from '../../../main/team/state/default-policy';
import { Chain, atDate, makeDesk, policyWith } from './chain';

const payments = makeDesk('Payments');
const treasury = makeDesk('Treasury');
const outsider = makeDesk('Outsider');

const tighter = policyWith({ tiers: [{ upTo: '5000', approvals: 1 }, { upTo: '100000', approvals: 2 }], version: 7 });

describe('policy changes', () => {
  it('starts from the default policy: two tiers, no caps, any address, a day\'s cool-down', () => {
    expect(defaultPolicy('USDT')).toEqual({
      version: 1,
      referenceCurrency: 'USDT',
      tiers: [{ upTo: '10000', approvals: 1 }, { upTo: '250000', approvals: 2 }],
      currencyCaps: [],
      teamDailyCap: null,
      addressBookOnly: false,
      coolDownHours: 24,
    });
  });

  it('keeps a proposal pending as the next version; the proposer\'s own approval does not put it in force', () => {
    const chain = Chain.team(payments, [treasury]);
    const proposal = chain.add(payments, 'policy.proposed', { policy: tighter }, 10).hash;
    chain.add(payments, 'policy.approved', { version: 2, proposal }, 11);
    const facts = chain.facts();
    expect(facts.pendingPolicy()).toMatchObject({ proposedBy: payments.publicKey, policy: { ...tighter, version: 2 } });
    expect(facts.policy(atDate(60))?.version).toBe(1);
    expect(facts.ignored().map((entry) => entry.why)).toEqual(['the desk that proposed a policy cannot approve it']);
  });

  it('puts a proposal in force once another member approves it, from that approval\'s time', () => {
    const chain = Chain.team(payments, [treasury]);
    const proposal = chain.add(payments, 'policy.proposed', { policy: tighter }, 10).hash;
    chain.add(treasury, 'policy.approved', { version: 3, proposal }, 15);
    expect(chain.facts().pendingPolicy()).not.toBeNull();
    chain.add(treasury, 'policy.approved', { version: 2, proposal }, 20);
    const facts = chain.facts();
    expect(facts.pendingPolicy()).toBeNull();
    expect(facts.policy(atDate(19))?.version).toBe(1);
    expect(facts.policy(atDate(20))).toEqual({ ...tighter, version: 2 });
    expect(facts.policyRecord(atDate(30))).toMatchObject({ proposedBy: payments.publicKey, approvedBy: treasury.publicKey });
    expect(facts.ignored().map((entry) => entry.why)).toEqual(['it approves version 3, but version 2 is the one waiting']);
  });

  it('does not count an approval of a proposal that a newer one replaced before it was written', () => {
    const chain = Chain.team(payments, [treasury]);
    const seen = chain.add(payments, 'policy.proposed', { policy: tighter }, 10).hash;
    chain.add(payments, 'policy.proposed', { policy: { ...tighter, coolDownHours: 0 } }, 11);
    chain.add(treasury, 'policy.approved', { version: 2, proposal: seen }, 12);
    const facts = chain.facts();
    expect(facts.policy(atDate(60))?.version).toBe(1);
    expect(facts.pendingPolicy()?.policy.coolDownHours).toBe(0);
    expect(facts.ignored().map((entry) => entry.why)).toEqual(['it approves another proposal than the one waiting (a newer one replaced it)']);
  });

  it('does not count an approval by a desk that is not a member', () => {
    const chain = Chain.team(payments, [treasury]);
    const proposal = chain.add(payments, 'policy.proposed', { policy: tighter }, 10).hash;
    chain.add(outsider, 'policy.approved', { version: 2, proposal }, 11);
    const facts = chain.facts();
    expect(facts.policy(atDate(60))?.version).toBe(1);
    expect(facts.notMember().map((entry) => entry.kind)).toEqual(['policy.approved']);
  });

  it('drops the waiting proposal of a desk that leaves', () => {
    const chain = Chain.team(payments, [treasury]);
    const proposal = chain.add(treasury, 'policy.proposed', { policy: tighter }, 10).hash;
    chain.add(treasury, 'member.left', { reason: 'moved on' }, 11);
    chain.add(payments, 'policy.approved', { version: 2, proposal }, 12);
    const facts = chain.facts();
    expect(facts.pendingPolicy()).toBeNull();
    expect(facts.policy(atDate(60))?.version).toBe(1);
  });

  it('refuses to take a proposal whose policy cannot be read', () => {
    const chain = Chain.team(payments, [treasury]);
    chain.add(payments, 'policy.proposed', { policy: { ...tighter, tiers: [{ upTo: 'lots', approvals: 0 }] } }, 10);
    const facts = chain.facts();
    expect(facts.pendingPolicy()).toBeNull();
    expect(facts.ignored()[0]?.why).toBe('its policy cannot be read as a spending policy');
  });
});

describe('the address book', () => {
  const entry = { id: 'addr-1', label: 'Cold wallet', currency: 'BTC', network: 'BTC', address: 'bc1qcoldwallet', paymentId: null };

  it('waits for a desk other than the proposer, then cools down for the policy\'s hours from the proposal', () => {
    const chain = Chain.team(payments, [treasury]);
    chain.add(payments, 'address.proposed', entry, 10);
    chain.add(payments, 'address.approved', { id: 'addr-1' }, 11);
    const selfApproved = chain.facts();
    expect(selfApproved.address('addr-1', atDate(12))?.state).toBe('awaitingApproval');
    expect(selfApproved.ignored()[0]?.why).toBe('the desk that proposed an address cannot approve it');

    chain.add(treasury, 'address.approved', { id: 'addr-1' }, 30);
    const facts = chain.facts();
    const usableFrom = atDate(10 + 24 * 60);
    expect(facts.address('addr-1', atDate(31))).toMatchObject({ state: 'coolingDown', usableFrom: usableFrom.toISOString(), approved: { by: treasury.publicKey } });
    expect(facts.address('addr-1', new Date(usableFrom.getTime() - 1))?.state).toBe('coolingDown');
    expect(facts.address('addr-1', usableFrom)?.state).toBe('usable');
  });

  it('takes the cool-down of the policy in force at the moment asked', () => {
    const chain = Chain.team(payments, [treasury], policyWith({ coolDownHours: 2 }));
    chain.add(payments, 'address.proposed', entry, 10);
    chain.add(treasury, 'address.approved', { id: 'addr-1' }, 11);
    const facts = chain.facts();
    expect(facts.address('addr-1', atDate(10 + 119))?.state).toBe('coolingDown');
    expect(facts.address('addr-1', atDate(10 + 120))?.state).toBe('usable');
  });

  it('runs the cool-down from the chain\'s time, so a backdated proposal does not shorten it', () => {
    const chain = Chain.team(payments, [treasury]);
    chain.add(treasury, 'member.removalVoted', { publicKey: payments.publicKey, reason: 'moves the clock' }, 100);
    chain.add(payments, 'address.proposed', entry, -2 * 24 * 60);
    chain.add(treasury, 'address.approved', { id: 'addr-1' }, 101);
    const facts = chain.facts();
    expect(facts.address('addr-1', atDate(102))).toMatchObject({ state: 'coolingDown', usableFrom: atDate(100 + 24 * 60).toISOString() });
  });

  it('marks a removed entry removed, whatever its approval', () => {
    const chain = Chain.team(payments, [treasury], policyWith({ coolDownHours: 0 }));
    chain.add(payments, 'address.proposed', entry, 10);
    chain.add(treasury, 'address.approved', { id: 'addr-1' }, 11);
    expect(chain.facts().address('addr-1', atDate(12))?.state).toBe('usable');
    chain.add(treasury, 'address.removed', { id: 'addr-1', reason: 'wallet retired' }, 12);
    const facts = chain.facts();
    expect(facts.address('addr-1', atDate(13))).toMatchObject({ state: 'removed', removed: { by: treasury.publicKey, reason: 'wallet retired' } });
    expect(facts.addresses(atDate(13)).map((each) => each.id)).toEqual(['addr-1']);
  });
});
