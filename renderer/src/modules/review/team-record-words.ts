// A withdrawal's team record in the review's record drawer, pure: who prepared it, when and why,
// who approved it, under which policy version, who sent the commit, and whether the record's
// signed entries check out. A withdrawal of a team export without a record says so: nobody
// approved it through the team.
import type { HistoryEntry } from '../../../../preload/contract/history';
import type { TeamApprovalsReport, TeamRecordDesk, TeamWithdrawalRecord } from '../../../../preload/contract/team-approvals';

export interface TeamRecordField {
  label: string;
  value: string;
  /** The desks' key fingerprints, on hover. */
  title?: string;
  /** Set on the verdict: a failed record is told in the warning colour. */
  tone?: 'success' | 'warning';
}

type ShowTime = (iso: string) => string;

/** The withdrawal's record in the export, null when the row is not a withdrawal of a team export. */
export function teamRecordOf(report: TeamApprovalsReport | null, entry: Pick<HistoryEntry, 'id' | 'type'>): TeamWithdrawalRecord | 'none' | null {
  if (report === null || entry.type.toUpperCase() !== 'WITHDRAW') return null;
  return report.withdrawals.find((record) => record.txId === entry.id) ?? 'none';
}

const deskText = (desk: TeamRecordDesk, time: ShowTime) => `${desk.name} · ${time(desk.at)}`;
const keyTitle = (desks: readonly TeamRecordDesk[]) => desks.map((desk) => `${desk.name}: key ${desk.fingerprint}`).join('\n');

const OUTCOME_WORDS: Record<NonNullable<TeamWithdrawalRecord['commitOutcome']>, string> = {
  accepted: 'the service accepted it',
  refused: 'the service refused it',
  uncertain: 'the service’s answer is unknown',
};

/** The drawer's team fields for a withdrawal row (see teamRecordOf); `intact`: the file is the one the export signed. */
export function teamRecordFields(record: TeamWithdrawalRecord | 'none', time: ShowTime, intact: boolean): TeamRecordField[] {
  if (record === 'none') return [{ label: 'Team record', value: 'None: this withdrawal was not prepared and approved through the team', tone: 'warning' }];
  const fields: TeamRecordField[] = [];
  const { preparedBy, approvedBy, committedBy, rejectedBy } = record;
  fields.push(preparedBy ? { label: 'Prepared by', value: deskText(preparedBy, time), title: keyTitle([preparedBy]) } : { label: 'Prepared by', value: 'Not in the record' });
  if (record.reason !== null) fields.push({ label: 'Reason', value: record.reason });
  fields.push(
    approvedBy.length > 0
      ? { label: 'Approved by', value: approvedBy.map((desk) => deskText(desk, time)).join('; '), title: keyTitle(approvedBy) }
      : { label: 'Approved by', value: 'No desk yet' },
  );
  if (record.policyVersion !== null) {
    const needed = record.approvalsNeeded === null ? '' : ` · ${record.approvalsNeeded} ${record.approvalsNeeded === 1 ? 'approval' : 'approvals'} needed`;
    fields.push({ label: 'Policy', value: `Version ${record.policyVersion}${needed}` });
  }
  if (committedBy) {
    const outcome = record.commitOutcome === null ? '' : ` · ${OUTCOME_WORDS[record.commitOutcome]}`;
    fields.push({ label: 'Committed by', value: `${deskText(committedBy, time)}${outcome}`, title: keyTitle([committedBy]) });
  }
  if (rejectedBy) fields.push({ label: 'Rejected by', value: `${deskText(rejectedBy, time)} · ${rejectedBy.reason}`, title: keyTitle([rejectedBy]) });
  fields.push(verdictField(record, intact));
  return fields;
}

function verdictField(record: TeamWithdrawalRecord, intact: boolean): TeamRecordField {
  if (!record.verified) return { label: 'Team record', value: `Failed: ${record.verdict.replace(/^failed: /, '')}`, tone: 'warning' };
  if (!intact) return { label: 'Team record', value: 'Not to be trusted: team-approvals.json was changed after the export was signed', tone: 'warning' };
  return { label: 'Team record', value: 'Verified: every entry is unchanged and signed by its desk’s key', tone: 'success' };
}
