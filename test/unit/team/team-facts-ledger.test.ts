// The desks' shared ledger facts (claims on service transactions, moves left open), and an entry
// found changed in the store after it was read: marked tampered, the chain folded again without it.
import { describe, expect, it } from 'vitest';
import { fingerprintOf } from '../../../main/core/exports/fingerprint';
import { Chain, makeDesk, withdrawalFields } from './chain';

const payments = makeDesk('Payments');
const treasury = makeDesk('Treasury');
const outsider = makeDesk('Outsider');

const move = (id: string) => ({ id, kind: 'withdrawal', currency: 'BTC', amount: '0.5', destination: 'bc1qexample' });

describe('ledger facts', () => {
  it('lets the first claim on a service transaction hold it', () => {
    const chain = Chain.team(payments, [treasury]);
    chain.add(treasury, 'ledger.claimed', { claimKey: 'withdrawal:tx-9', moveId: 'move-t' }, 5, 'claim:withdrawal:tx-9');
    chain.add(payments, 'ledger.claimed', { claimKey: 'withdrawal:tx-9', moveId: 'move-p' }, 6, 'claim:withdrawal:tx-9');
    chain.add(outsider, 'ledger.claimed', { claimKey: 'withdrawal:tx-10', moveId: 'move-o' }, 7, 'claim:withdrawal:tx-10');
    const facts = chain.facts();
    expect(facts.ledgerClaim('withdrawal:tx-9')).toBe(treasury.publicKey);
    expect(facts.ledgerClaimRecord('withdrawal:tx-9')).toMatchObject({ moveId: 'move-t' });
    expect(facts.ledgerClaim('withdrawal:tx-10')).toBeUndefined();
  });

  it('keeps a move open until the desk that opened it closes it', () => {
    const chain = Chain.team(payments, [treasury]);
    chain.add(payments, 'ledger.moveOpened', { move: move('move-1') }, 5);
    chain.add(treasury, 'ledger.moveClosed', { moveId: 'move-1' }, 6);
    const open = chain.facts();
    expect(open.openMoveOf('move-1')).toMatchObject({ author: payments.publicKey, move: move('move-1') });
    expect(open.ignored().map((entry) => entry.why)).toEqual(['only the desk that opened a move closes it']);
    chain.add(payments, 'ledger.moveClosed', { moveId: 'move-1' }, 7);
    expect(chain.facts().openMoves()).toEqual([]);
  });
});

describe('an entry changed after it was read', () => {
  it('stops counting once marked tampered, and what it counted for is folded away', () => {
    const chain = Chain.team(payments, [treasury]);
    const fields = withdrawalFields('tx-1');
    chain.prepare(payments, fields, '500', 10, 1);
    const approval = chain.approve(treasury, fields, 11);
    const facts = chain.facts();
    expect(facts.withdrawal('tx-1')?.seqs).toEqual([3, 4]);
    expect(facts.entry(4)?.hash).toBe(approval.hash);

    const changed = { ...approval, body: { fields: { ...fields, address: 'bc1qthief' }, policyVersion: 1 } };
    facts.markTampered(changed, 'it was replaced after this desk read it');
    expect(facts.withdrawal('tx-1')?.approvals).toEqual([]);
    expect(facts.tampered()).toMatchObject([{ seq: 4, why: 'it was replaced after this desk read it' }]);
    expect(facts.entry(4)).toMatchObject({ status: 'tampered' });
    expect(facts.lastSeq()).toBe(4);
    expect(facts.lastHash()).toBe(approval.hash);
  });
});

describe('desk names', () => {
  it('come from membership entries, else from the fingerprint, and a join request carries its name', () => {
    const chain = Chain.team(payments, []);
    chain.add(treasury, 'member.requested', { desk: { publicKey: treasury.publicKey, name: 'Treasury' } }, 3);
    const facts = chain.facts();
    expect(facts.deskName(payments.publicKey)).toBe('Payments');
    expect(facts.deskName(outsider.publicKey)).toBe(`the desk ${fingerprintOf(outsider.publicKey).slice(0, 9)}`);
    expect(facts.joinRequests()).toEqual([{ publicKey: treasury.publicKey, name: 'Treasury', at: chain.entries[1]!.at }]);
  });
});
