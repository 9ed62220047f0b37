// A team desk's four-eyes record as review reads it from an export (team-approvals.json): per
// withdrawal, who prepared it and why, who approved it, under which policy version, who sent the
// commit, and whether every signed team entry of it checks out. Checked offline: each entry carries
// its author's Ed25519 signature, and the file itself is covered by the export's signed manifest.

/** A desk as the record names it: the name the exporting desk knew it by, and its key's fingerprint. */
export interface TeamRecordDesk {
  name: string;
  /** SHA-256 of the desk's public key, upper-case hex in groups of four. */
  fingerprint: string;
  /** When the desk wrote its entry (its own clock, ISO 8601). */
  at: string;
}

export interface TeamWithdrawalRecord {
  /** The service's transaction id: the id of the withdrawal's row in the export. */
  txId: string;
  /** Null when the record holds no prepare entry. */
  preparedBy: TeamRecordDesk | null;
  reason: string | null;
  policyVersion: number | null;
  approvalsNeeded: number | null;
  approvedBy: TeamRecordDesk[];
  /** The desk that claimed and sent the commit; null when none did (yet). */
  committedBy: TeamRecordDesk | null;
  /** What the service answered to that commit, when the desk recorded it. */
  commitOutcome: 'accepted' | 'refused' | 'uncertain' | null;
  rejectedBy: (TeamRecordDesk & { reason: string }) | null;
  /** 'verified', or 'failed: ' and why in plain words. */
  verdict: string;
  verified: boolean;
}

/** ReviewReport.teamApprovals: null when the export carries no team record (a solo desk's export). */
export interface TeamApprovalsReport {
  /** team-approvals.json is the file the export's manifest signed (false: changed or unreadable since). */
  intact: boolean;
  /** Why the file could not be read at all (then `withdrawals` is empty); null when it was read. */
  unreadable: string | null;
  withdrawals: TeamWithdrawalRecord[];
}

export interface TeamApprovalsSummary {
  /** 'warning' when any record failed, or the file is not the one signed or cannot be read. */
  tone: 'success' | 'warning';
  /** "Team approvals: 12 withdrawals, all signatures verified". */
  text: string;
  /** Each failed withdrawal: "<txId>: failed: <why>". */
  failures: string[];
}

/** The record in one line (and its failures), worded once for the review screen and the command line. */
export function teamApprovalsSummary(report: TeamApprovalsReport): TeamApprovalsSummary {
  const failures = report.withdrawals.filter((record) => !record.verified).map((record) => `${record.txId}: ${record.verdict}`);
  const count = report.withdrawals.length;
  const withdrawals = `${count} ${count === 1 ? 'withdrawal' : 'withdrawals'}`;
  if (report.unreadable !== null) return { tone: 'warning', text: `Team approvals: ${report.unreadable}`, failures };
  if (!report.intact) {
    return { tone: 'warning', text: 'Team approvals: team-approvals.json was changed after the export was signed, so its record cannot be trusted', failures };
  }
  if (count === 0) return { tone: 'success', text: 'Team approvals: no withdrawal in this export has a team record', failures };
  if (failures.length === 0) return { tone: 'success', text: `Team approvals: ${withdrawals}, all signatures verified`, failures };
  return { tone: 'warning', text: `Team approvals: ${withdrawals}, ${failures.length} failed their check`, failures };
}
