// The team record in review's words: one summary line (all verified in green, any failure, a file
// changed after signing or unreadable in amber, each failure by its transaction id), and a
// withdrawal's drawer fields (prepared by, reason, approved by, policy, committed by, verdict);
// a withdrawal of a team export without a record says nobody approved it through the team.
import { describe, expect, it } from 'vitest';
import { teamApprovalsSummary, type TeamApprovalsReport, type TeamWithdrawalRecord } from '../../../../preload/contract/team-approvals';
import { teamRecordFields, teamRecordOf } from '../../../../renderer/src/modules/review/team-record-words';

const desk = (name: string, at: string) => ({ name, fingerprint: `FP-${name}`, at });

function record(txId: string, overrides: Partial<TeamWithdrawalRecord> = {}): TeamWithdrawalRecord {
  return {
    txId,
    preparedBy: desk('Payments', '2025-03-01T09:01:00.000Z'),
    reason: 'Supplier invoice 118',
    policyVersion: 2,
    approvalsNeeded: 2,
    approvedBy: [desk('Treasury', '2025-03-01T09:02:00.000Z'), desk('Audit', '2025-03-01T09:03:00.000Z')],
    committedBy: desk('Audit', '2025-03-01T09:04:00.000Z'),
    commitOutcome: 'accepted',
    rejectedBy: null,
    verdict: 'verified',
    verified: true,
    ...overrides,
  };
}

const failed = (txId: string) => record(txId, { verified: false, verdict: 'failed: the approval entry by Treasury does not check out: its signature is not its author\'s' });
const team = (withdrawals: TeamWithdrawalRecord[], overrides: Partial<TeamApprovalsReport> = {}): TeamApprovalsReport => ({ intact: true, unreadable: null, withdrawals, ...overrides });
const time = (iso: string) => `${iso.slice(11, 16)} UTC`;

describe('the team record’s summary', () => {
  it('counts the withdrawals when every record verifies', () => {
    const twelve = Array.from({ length: 12 }, (_, n) => record(`tx-${n}`));
    expect(teamApprovalsSummary(team(twelve))).toEqual({ tone: 'success', text: 'Team approvals: 12 withdrawals, all signatures verified', failures: [] });
    expect(teamApprovalsSummary(team([record('tx-1')])).text).toBe('Team approvals: 1 withdrawal, all signatures verified');
    expect(teamApprovalsSummary(team([])).text).toBe('Team approvals: no withdrawal in this export has a team record');
  });

  it('names each failure in amber', () => {
    const summary = teamApprovalsSummary(team([record('tx-1'), failed('tx-2'), failed('tx-3')]));
    expect(summary).toMatchObject({ tone: 'warning', text: 'Team approvals: 3 withdrawals, 2 failed their check' });
    expect(summary.failures).toEqual([`tx-2: ${failed('tx-2').verdict}`, `tx-3: ${failed('tx-3').verdict}`]);
  });

  it('distrusts a file changed after signing, and says why a file cannot be read', () => {
    expect(teamApprovalsSummary(team([record('tx-1')], { intact: false }))).toMatchObject({
      tone: 'warning', text: 'Team approvals: team-approvals.json was changed after the export was signed, so its record cannot be trusted',
    });
    expect(teamApprovalsSummary(team([], { intact: false, unreadable: 'team-approvals.json is missing from the export' }))).toMatchObject({
      tone: 'warning', text: 'Team approvals: team-approvals.json is missing from the export',
    });
  });
});

describe('a withdrawal’s team record in the drawer', () => {
  const report = team([record('tx-1'), failed('tx-2')]);

  it('is found for withdrawal rows of a team export only', () => {
    expect(teamRecordOf(report, { id: 'tx-1', type: 'WITHDRAW' })).toMatchObject({ txId: 'tx-1' });
    expect(teamRecordOf(report, { id: 'tx-9', type: 'WITHDRAW' })).toBe('none');
    expect(teamRecordOf(report, { id: 'tx-1', type: 'DEPOSIT' })).toBeNull();
    expect(teamRecordOf(null, { id: 'tx-1', type: 'WITHDRAW' })).toBeNull();
  });

  it('says who prepared, approved and committed it, under which policy, verified', () => {
    const fields = teamRecordFields(record('tx-1'), time, true);
    expect(fields.map(({ label, value }) => [label, value])).toEqual([
      ['Prepared by', 'Payments · 09:01 UTC'],
      ['Reason', 'Supplier invoice 118'],
      ['Approved by', 'Treasury · 09:02 UTC; Audit · 09:03 UTC'],
      ['Policy', 'Version 2 · 2 approvals needed'],
      ['Committed by', 'Audit · 09:04 UTC · the service accepted it'],
      ['Team record', 'Verified: every entry is unchanged and signed by its desk’s key'],
    ]);
    expect(fields[0]?.title).toBe('Payments: key FP-Payments');
    expect(fields.at(-1)?.tone).toBe('success');
  });

  it('tells a failed record, a record in a changed file, a waiting one and a missing one in amber or plain words', () => {
    expect(teamRecordFields(failed('tx-2'), time, true).at(-1)).toEqual({
      label: 'Team record', value: 'Failed: the approval entry by Treasury does not check out: its signature is not its author\'s', tone: 'warning',
    });
    expect(teamRecordFields(record('tx-1'), time, false).at(-1)).toMatchObject({ tone: 'warning', value: expect.stringMatching(/^Not to be trusted: /) });
    const waiting = teamRecordFields(record('tx-3', { approvedBy: [], committedBy: null, commitOutcome: null }), time, true);
    expect(waiting.find((field) => field.label === 'Approved by')?.value).toBe('No desk yet');
    expect(waiting.some((field) => field.label === 'Committed by')).toBe(false);
    expect(teamRecordFields('none', time, true)).toEqual([{ label: 'Team record', value: 'None: this withdrawal was not prepared and approved through the team', tone: 'warning' }]);
  });
});
