// Review's check of team-approvals.json, offline: every entry's hash and signature (checkEntry),
// every entry of a proof about the proof's withdrawal and its team, one prepare, approvals of
// exactly what was prepared by desks other than the preparer, and no commit claimed before the
// approvals the policy asked for. A proof passes only when all of that holds; otherwise its verdict
// says the first thing that failed. What the entries say is shown either way, beside the verdict.
import { z } from 'zod';
import type { TeamApprovalsReport, TeamRecordDesk, TeamWithdrawalRecord } from '../../../preload/contract/team-approvals';
import type { ReviewProblem } from '../../../preload/contract/history';
import type { StoredEntry } from '../../team/entries';
import { canonicalJson, checkEntry } from '../../team/entry-crypto';
import { fingerprintOf } from './fingerprint';
import type { ManifestFile } from './manifest';
import { TEAM_APPROVALS_MAX_BYTES, TEAM_APPROVALS_NAME, TEAM_APPROVALS_VERSION } from './team-proofs';
import type { ZipReader } from './zip/reader';

const entrySchema = z.object({
  teamId: z.string(),
  kind: z.string(),
  body: z.unknown(),
  author: z.string(),
  at: z.string(),
  uniqueKey: z.string().nullable(),
  seq: z.number(),
  prevHash: z.string(),
  hash: z.string(),
  signature: z.string(),
});
const proofSchema = z.object({ txId: z.string().min(1), entries: z.array(entrySchema), names: z.record(z.string(), z.string()) });
const documentSchema = z.object({ version: z.number().int(), proofs: z.array(proofSchema) });

type ProofInFile = z.infer<typeof proofSchema>;

/**
 * The team record of an export whose manifest lists team-approvals.json (null when it lists none).
 * `problems` are the export's problems so far: one naming the file means it is not the file signed.
 */
export async function readTeamApprovals(zip: ZipReader, files: readonly ManifestFile[], problems: readonly ReviewProblem[]): Promise<TeamApprovalsReport | null> {
  if (!files.some((file) => file.name === TEAM_APPROVALS_NAME)) return null;
  const intact = !problems.some((problem) => problem.file === TEAM_APPROVALS_NAME);
  if (!zip.entries.has(TEAM_APPROVALS_NAME)) return { intact: false, unreadable: `${TEAM_APPROVALS_NAME} is missing from the export`, withdrawals: [] };
  let text: string;
  try {
    text = (await zip.readAll(TEAM_APPROVALS_NAME, TEAM_APPROVALS_MAX_BYTES)).toString('utf8');
  } catch (error) {
    return { intact: false, unreadable: `${TEAM_APPROVALS_NAME} cannot be read (${error instanceof Error ? error.message : String(error)})`, withdrawals: [] };
  }
  return { ...checkTeamApprovals(text), intact };
}

/** The verdicts of a team-approvals.json's text (`intact` is the caller's to say: true here). */
export function checkTeamApprovals(text: string): TeamApprovalsReport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { intact: true, unreadable: `${TEAM_APPROVALS_NAME} is not valid JSON`, withdrawals: [] };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > TEAM_APPROVALS_VERSION) {
    return { intact: true, unreadable: `${TEAM_APPROVALS_NAME} is version ${version}; this Coffer reads version ${TEAM_APPROVALS_VERSION}: open it with a newer Coffer`, withdrawals: [] };
  }
  const parsed = documentSchema.safeParse(json);
  if (!parsed.success || parsed.data.version !== TEAM_APPROVALS_VERSION) {
    const issue = parsed.success ? null : parsed.error.issues[0];
    return { intact: true, unreadable: `${TEAM_APPROVALS_NAME} is not a team record Coffer writes (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'version'})`, withdrawals: [] };
  }
  const seen = new Set<string>();
  return {
    intact: true,
    unreadable: null,
    withdrawals: parsed.data.proofs.map((proof) => {
      const record = withdrawalRecord(proof);
      const twice = seen.has(proof.txId);
      seen.add(proof.txId);
      return twice && record.verified ? { ...record, verified: false, verdict: 'failed: the file holds a second record of this withdrawal' } : record;
    }),
  };
}

interface Prepared {
  fields: unknown;
  reason: unknown;
  policyVersion: unknown;
  approvalsNeeded: unknown;
}

/** One proof: what its entries say, and its verdict. */
function withdrawalRecord(proof: ProofInFile): TeamWithdrawalRecord {
  const entries = proof.entries as StoredEntry[];
  const desk = (entry: StoredEntry): TeamRecordDesk => ({ name: proof.names[entry.author] ?? 'a desk the export does not name', fingerprint: fingerprintOf(entry.author), at: entry.at });
  const prepared = entries.find((entry) => entry.kind === 'withdrawal.prepared');
  const preparedBody = (prepared?.body ?? {}) as Partial<Prepared>;
  const claim = entries.find((entry) => entry.kind === 'withdrawal.commitClaimed');
  const sent = entries.find((entry) => entry.kind === 'withdrawal.commitSent' && (claim === undefined || entry.author === claim.author));
  const rejected = entries.find((entry) => entry.kind === 'withdrawal.rejected');
  const failure = proofFailure(proof, entries, desk);
  return {
    txId: proof.txId,
    preparedBy: prepared ? desk(prepared) : null,
    reason: typeof preparedBody.reason === 'string' ? preparedBody.reason : null,
    policyVersion: typeof preparedBody.policyVersion === 'number' ? preparedBody.policyVersion : null,
    approvalsNeeded: typeof preparedBody.approvalsNeeded === 'number' ? preparedBody.approvalsNeeded : null,
    approvedBy: entries.filter((entry) => entry.kind === 'withdrawal.approved').map(desk),
    committedBy: claim ? desk(claim) : null,
    commitOutcome: outcomeOf(sent?.body),
    rejectedBy: rejected ? { ...desk(rejected), reason: textField(rejected.body, 'reason') ?? '' } : null,
    verdict: failure === null ? 'verified' : `failed: ${failure}`,
    verified: failure === null,
  };
}

/** The first thing about the proof that does not hold, in plain words; null when all of it does. */
function proofFailure(proof: ProofInFile, entries: StoredEntry[], desk: (entry: StoredEntry) => TeamRecordDesk): string | null {
  if (entries.length === 0) return 'the record holds no entries';
  for (const entry of entries) {
    const why = checkEntry(entry);
    if (why !== null) return `the ${kindWords(entry.kind)} entry by ${desk(entry).name} does not check out: ${why}`;
  }
  for (const entry of entries) {
    if (!entry.kind.startsWith('withdrawal.')) return `it holds a ${entry.kind} entry, which is not a withdrawal's`;
    const named = txIdOf(entry);
    if (named !== proof.txId) return `its ${kindWords(entry.kind)} entry is for transaction ${named ?? '(none)'}, not ${proof.txId}`;
    if (entry.teamId !== entries[0]?.teamId) return 'its entries come from different teams';
  }
  return approvalFailure(entries, desk);
}

/** Four eyes: one prepare, approvals of exactly its fields by other desks, enough of them before a commit. */
function approvalFailure(entries: StoredEntry[], desk: (entry: StoredEntry) => TeamRecordDesk): string | null {
  const prepares = entries.filter((entry) => entry.kind === 'withdrawal.prepared');
  const prepared = prepares[0];
  if (prepared === undefined) return 'the record holds no prepare entry';
  if (prepares.length > 1) return 'the record holds more than one prepare entry';
  const fields = canonicalJson((prepared.body as Partial<Prepared>).fields);
  const approvers = new Set<string>();
  for (const approval of entries.filter((entry) => entry.kind === 'withdrawal.approved')) {
    if (approval.author === prepared.author) return `${desk(approval).name} approved the withdrawal it prepared itself`;
    if (canonicalJson((approval.body as Partial<Prepared>).fields) !== fields) return `the approval by ${desk(approval).name} is for other withdrawal details than were prepared`;
    approvers.add(approval.author);
  }
  const needed = (prepared.body as Partial<Prepared>).approvalsNeeded;
  const claimed = entries.some((entry) => entry.kind === 'withdrawal.commitClaimed');
  if (claimed && typeof needed === 'number' && approvers.size < needed) return `its commit was claimed with ${approvers.size} of the ${needed} approvals the policy asked for`;
  return null;
}

function txIdOf(entry: StoredEntry): string | null {
  const body = entry.body as { fields?: { txId?: unknown }; txId?: unknown } | null;
  const named = entry.kind === 'withdrawal.prepared' || entry.kind === 'withdrawal.approved' ? body?.fields?.txId : body?.txId;
  return typeof named === 'string' ? named : null;
}

function textField(body: unknown, key: string): string | null {
  const value = (body as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : null;
}

function outcomeOf(body: unknown): TeamWithdrawalRecord['commitOutcome'] {
  const outcome = textField(body, 'outcome');
  return outcome === 'accepted' || outcome === 'refused' || outcome === 'uncertain' ? outcome : null;
}

const KIND_WORDS: Record<string, string> = {
  'withdrawal.prepared': 'prepare',
  'withdrawal.approved': 'approval',
  'withdrawal.rejected': 'rejection',
  'withdrawal.commitClaimed': 'commit claim',
  'withdrawal.commitSent': 'commit',
};

function kindWords(kind: string): string {
  return KIND_WORDS[kind] ?? kind;
}
