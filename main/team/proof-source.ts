// The signed entries behind each exported withdrawal, for an export's team-approvals.json: the
// prepare, the approvals, the commit claim and its outcome, as this desk verified them.
import type { TeamProofSource } from '../core/exports/team-proofs';
import type { StoredEntry } from './entries';
import type { TeamFacts } from './state/team-facts';

export function proofSource(facts: TeamFacts): TeamProofSource {
  return {
    proofsFor: (txIds) => txIds.flatMap((txId) => {
      const record = facts.withdrawal(txId);
      if (record === null) return [];
      const entries = record.seqs.map((seq) => facts.entry(seq)).filter((entry): entry is NonNullable<typeof entry> => entry !== undefined) as StoredEntry[];
      return [{ txId, entries, names: Object.fromEntries(entries.map((entry) => [entry.author, facts.deskName(entry.author)])) }];
    }),
  };
}
