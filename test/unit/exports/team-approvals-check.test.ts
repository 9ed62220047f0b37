// The team record's check, over really signed entries: an honest record verifies and says who did
// what, and each way a record can be false (a body changed after signing, a signature by another
// key, the preparer approving itself, an approval of other details, an entry about another
// withdrawal, a commit before enough approvals, a second record) fails with its reason.
import { describe, expect, it } from 'vitest';
import { checkTeamApprovals } from '../../../main/core/exports/team-approvals-check';
import { fingerprintOf } from '../../../main/core/exports/fingerprint';
import { teamApprovalsLines, type TeamProof } from '../../../main/core/exports/team-proofs';
import type { StoredEntry } from '../../../main/team/entries';
import { signEntry } from '../../../main/team/entry-crypto';
import { alteredBody, fieldsOf, namesOf, TestChain, testDesk, withdrawalEntries } from './team-proof-fixture';

const payments = testDesk('Payments');
const treasury = testDesk('Treasury');
const audit = testDesk('Audit');
const names = namesOf([payments, treasury, audit]);

function proof(txId: string, entries: (chain: TestChain) => StoredEntry[]): TeamProof {
  return { txId, entries: entries(new TestChain()), names };
}

const honest = (txId = 'tx-1') => proof(txId, (chain) => withdrawalEntries(chain, fieldsOf(txId), { preparer: payments, approvers: [treasury, audit], committer: audit }));

const check = (...proofs: TeamProof[]) => checkTeamApprovals([...teamApprovalsLines(proofs)].join(''));

/** The proof with its entry at `index` replaced. */
function withEntry(original: TeamProof, index: number, entry: StoredEntry): TeamProof {
  return { ...original, entries: original.entries.map((each, at) => (at === index ? entry : each)) };
}

/** An entry signed properly by `desk`, whatever it says. */
function signed(desk: typeof payments, entry: StoredEntry): StoredEntry {
  const draft = { ...entry, author: desk.publicKey };
  return { ...draft, ...signEntry(draft, entry.prevHash, desk.privateKey) };
}

describe('a team record', () => {
  it('verifies an honest record and says who prepared, approved and committed it', () => {
    const report = check(honest());
    expect(report).toMatchObject({ intact: true, unreadable: null });
    const [record] = report.withdrawals;
    const entries = honest().entries;
    expect(record).toMatchObject({
      txId: 'tx-1', verified: true, verdict: 'verified', reason: 'Supplier invoice tx-1', policyVersion: 2, approvalsNeeded: 2, commitOutcome: 'accepted',
      preparedBy: { name: 'Payments', fingerprint: fingerprintOf(payments.publicKey) },
      approvedBy: [{ name: 'Treasury' }, { name: 'Audit' }],
      committedBy: { name: 'Audit', fingerprint: fingerprintOf(audit.publicKey) },
      rejectedBy: null,
    });
    expect(record?.preparedBy?.at).toBe(entries[0]?.at);
    expect(record?.approvedBy.map((desk) => desk.at)).toEqual([entries[1]?.at, entries[2]?.at]);
  });

  it('fails an entry whose body was changed after it was signed, any byte of it', () => {
    const original = honest();
    for (const change of [
      (body: Record<string, unknown>) => (body.reason = 'Supplier invoice tx-2'),
      (body: Record<string, unknown>) => ((body.fields as { amount: string }).amount = '0.50'),
      (body: Record<string, unknown>) => (body.policyVersion = 3),
    ]) {
      const [record] = check(withEntry(original, 0, alteredBody(original.entries[0] as StoredEntry, change))).withdrawals;
      expect(record).toMatchObject({ verified: false, verdict: 'failed: the prepare entry by Payments does not check out: its content does not match its hash: it was changed after it was written' });
    }
  });

  it('fails an entry whose signature is not its author’s', () => {
    const original = honest();
    const approval = original.entries[1] as StoredEntry;
    const forged = { ...approval, signature: signed(payments, approval).signature };
    expect(check(withEntry(original, 1, forged)).withdrawals[0]?.verdict).toBe('failed: the approval entry by Treasury does not check out: its signature is not its author\'s');
  });

  it('fails the preparer approving its own withdrawal, even signed', () => {
    const original = honest();
    const selfApproval = signed(payments, original.entries[1] as StoredEntry);
    expect(check(withEntry(original, 1, selfApproval)).withdrawals[0]?.verdict).toBe('failed: Payments approved the withdrawal it prepared itself');
  });

  it('fails an approval of other details than were prepared', () => {
    const original = honest();
    const approval = alteredBody(original.entries[2] as StoredEntry, (body) => ((body.fields as { address: string }).address = 'elsewhere'));
    expect(check(withEntry(original, 2, signed(audit, approval))).withdrawals[0]?.verdict).toBe('failed: the approval by Audit is for other withdrawal details than were prepared');
  });

  it('fails an entry about another withdrawal', () => {
    const original = honest();
    const claim = alteredBody(original.entries[3] as StoredEntry, (body) => (body.txId = 'tx-9'));
    expect(check(withEntry(original, 3, signed(audit, claim))).withdrawals[0]?.verdict).toBe('failed: its commit claim entry is for transaction tx-9, not tx-1');
  });

  it('fails a commit claimed before the approvals the policy asked for; a record waiting for them verifies', () => {
    const early = proof('tx-1', (chain) => withdrawalEntries(chain, fieldsOf('tx-1'), { preparer: payments, approvers: [treasury], committer: treasury, approvalsNeeded: 2 }));
    expect(check(early).withdrawals[0]?.verdict).toBe('failed: its commit was claimed with 1 of the 2 approvals the policy asked for');
    const waiting = proof('tx-1', (chain) => withdrawalEntries(chain, fieldsOf('tx-1'), { preparer: payments, approvers: [treasury], committer: null, approvalsNeeded: 2 }));
    expect(check(waiting).withdrawals[0]).toMatchObject({ verified: true, committedBy: null, commitOutcome: null, approvedBy: [{ name: 'Treasury' }] });
  });

  it('fails a record with no prepare entry, and a second record of the same withdrawal', () => {
    const original = honest();
    expect(check({ ...original, entries: original.entries.slice(1) }).withdrawals[0]?.verdict).toBe('failed: the record holds no prepare entry');
    const twice = check(honest('tx-1'), honest('tx-1')).withdrawals;
    expect(twice.map((record) => record.verdict)).toEqual(['verified', 'failed: the file holds a second record of this withdrawal']);
  });

  it('names an author the export does not name as such', () => {
    const [record] = check({ ...honest(), names: {} }).withdrawals;
    expect(record).toMatchObject({ verified: true, preparedBy: { name: 'a desk the export does not name', fingerprint: fingerprintOf(payments.publicKey) } });
  });

  it('says plainly when the file is not a team record it can read', () => {
    expect(checkTeamApprovals('{"version":1,"proofs":[').unreadable).toBe('team-approvals.json is not valid JSON');
    expect(checkTeamApprovals('{"version":2,"proofs":[]}').unreadable).toMatch(/version 2; this Coffer reads version 1/);
    expect(checkTeamApprovals('{"version":1,"proofs":[{"txId":"x"}]}')).toMatchObject({ withdrawals: [], unreadable: expect.stringMatching(/^team-approvals.json is not a team record Coffer writes \(proofs\.0\.entries/) });
    expect(check()).toEqual({ intact: true, unreadable: null, withdrawals: [] });
  });
});
