// team-approvals.json: a team desk's four-eyes record of the withdrawals an export holds. Each
// proof is the signed team entries of one withdrawal (prepared, approved, commit claimed and sent)
// as the team's chain holds them, with the names the exporting desk knows their authors by. The
// file is listed in the signed manifest like the data files, so changing it breaks the export;
// each entry also carries its author's own signature, so review can check it with no key and no
// network. A solo desk has no source and writes no such file.
import type { HistoryEntry } from '../../../preload/contract/history';
import type { StoredEntry } from '../../team/entries';

export const TEAM_APPROVALS_NAME = 'team-approvals.json';
export const TEAM_APPROVALS_VERSION = 1;
/** Far more than the record of any export's withdrawals; the review reads no more than this. */
export const TEAM_APPROVALS_MAX_BYTES = 64 * 1024 * 1024;

export interface TeamProof {
  /** The service's transaction id of the withdrawal (the history row's id). */
  txId: string;
  /** The withdrawal's team entries, in chain order. */
  entries: StoredEntry[];
  /** publicKey -> desk name */
  names: Record<string, string>;
}

export interface TeamProofSource {
  /** The proofs the team holds for these transaction ids (ids without a team record are left out). */
  proofsFor(txIds: readonly string[]): TeamProof[];
}

export interface TeamApprovalsDocument {
  version: typeof TEAM_APPROVALS_VERSION;
  proofs: TeamProof[];
}

/** The rows whose team record an export carries: the service's withdrawals. */
export function isWithdrawalRow(entry: { type: string }): boolean {
  return entry.type.toUpperCase() === 'WITHDRAW';
}

/** The entries passed through, each withdrawal's id noted in `ids` on the way. */
export function* notingWithdrawals(entries: Iterable<HistoryEntry>, ids: Set<string>): Generator<HistoryEntry> {
  for (const entry of entries) {
    if (isWithdrawalRow(entry)) ids.add(entry.id);
    yield entry;
  }
}

/**
 * The document's lines: the opening, one proof per line (a comma ends every proof line but the
 * last), the closing. Two lines are not proofs, so the manifest counts the proofs as its rows.
 */
export function* teamApprovalsLines(proofs: readonly TeamProof[]): Generator<string> {
  yield `{"version":${TEAM_APPROVALS_VERSION},"proofs":[\n`;
  for (const [index, proof] of proofs.entries()) {
    const line = JSON.stringify({ txId: proof.txId, entries: proof.entries.map(storedFields), names: proof.names });
    yield index < proofs.length - 1 ? `${line},\n` : `${line}\n`;
  }
  yield ']}\n';
}

/** An entry as stored and signed, whatever else the source's copy carries (a desk's own verdict on it is not evidence). */
function storedFields(entry: StoredEntry): StoredEntry {
  const { teamId, kind, body, author, at, uniqueKey, seq, prevHash, hash, signature } = entry;
  return { teamId, kind, body, author, at, uniqueKey, seq, prevHash, hash, signature };
}

/** Lines before and after the proofs. */
export const TEAM_APPROVALS_FRAME_LINES = 2;

/** Only the proofs asked for, once each: what a source gives beyond that does not go into the file. */
export function proofsOfExport(source: TeamProofSource, txIds: readonly string[]): TeamProof[] {
  const wanted = new Set(txIds);
  const seen = new Set<string>();
  return source.proofsFor(txIds).filter((proof) => {
    if (!wanted.has(proof.txId) || seen.has(proof.txId)) return false;
    seen.add(proof.txId);
    return true;
  });
}
