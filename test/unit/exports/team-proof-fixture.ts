// A team's signed record of withdrawals for the export and review tests: three desks with real
// Ed25519 keys, one hash-chained log, and per withdrawal its prepare, approvals, commit claim and
// commit, each signed by the desk that wrote it (signEntry), exactly as the team store holds them.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { TeamProof, TeamProofSource } from '../../../main/core/exports/team-proofs';
import { rawPublicKey } from '../../../main/core/exports/fingerprint';
import type { EntryBodies, EntryDraft, EntryKind, StoredEntry, WithdrawalFields } from '../../../main/team/entries';
import { signEntry } from '../../../main/team/entry-crypto';

export interface TestDesk {
  name: string;
  publicKey: string;
  privateKey: KeyObject;
}

export function testDesk(name: string): TestDesk {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { name, publicKey: rawPublicKey(privateKey), privateKey };
}

export const TEAM_ID = 'team-7f3a';

/** One team's chain: each entry appended is signed by its desk and linked to the one before. */
export class TestChain {
  private prevHash = '';
  private seq = 0;
  private clock = Date.parse('2025-03-01T09:00:00Z');

  append<K extends EntryKind>(desk: TestDesk, kind: K, body: EntryBodies[K], uniqueKey: string | null = null): StoredEntry {
    this.clock += 60_000;
    const draft: EntryDraft = { teamId: TEAM_ID, kind, body, author: desk.publicKey, at: new Date(this.clock).toISOString(), uniqueKey };
    const { hash, signature } = signEntry(draft, this.prevHash, desk.privateKey);
    const entry: StoredEntry = { ...draft, seq: (this.seq += 1), prevHash: this.prevHash, hash, signature };
    this.prevHash = hash;
    return entry;
  }
}

export function fieldsOf(txId: string, currency = 'BTC', amount = '0.5'): WithdrawalFields {
  return { txId, currency, network: currency, amount, feeMode: 'included', address: `addr-${txId}`, paymentId: null };
}

export interface WithdrawalStory {
  preparer: TestDesk;
  approvers: TestDesk[];
  /** Who claims and sends the commit (null: not committed yet). */
  committer: TestDesk | null;
  approvalsNeeded?: number;
  reason?: string;
}

/** A withdrawal's entries as the team writes them, in chain order. */
export function withdrawalEntries(chain: TestChain, fields: WithdrawalFields, story: WithdrawalStory): StoredEntry[] {
  const entries = [
    chain.append(story.preparer, 'withdrawal.prepared', {
      fields, localId: `local-${fields.txId}`, reason: story.reason ?? `Supplier invoice ${fields.txId}`,
      referenceValue: '31000.5', referenceCurrency: 'USDT', policyVersion: 2, approvalsNeeded: story.approvalsNeeded ?? story.approvers.length,
    }),
    ...story.approvers.map((desk) => chain.append(desk, 'withdrawal.approved', { fields, policyVersion: 2 })),
  ];
  if (story.committer !== null) {
    entries.push(chain.append(story.committer, 'withdrawal.commitClaimed', { txId: fields.txId }, `commit:${fields.txId}`));
    entries.push(chain.append(story.committer, 'withdrawal.commitSent', { txId: fields.txId, outcome: 'accepted', detail: null }));
  }
  return entries;
}

export function namesOf(desks: readonly TestDesk[]): Record<string, string> {
  return Object.fromEntries(desks.map((desk) => [desk.publicKey, desk.name]));
}

/** A source over fixed proofs, giving every proof it holds whatever it is asked (the export keeps only those asked). */
export function fixedSource(proofs: readonly TeamProof[], asked: string[][] = []): TeamProofSource {
  return {
    proofsFor(txIds) {
      asked.push([...txIds]);
      return [...proofs];
    },
  };
}

/** The entry with its body changed after signing (hash and signature left as they were). */
export function alteredBody(entry: StoredEntry, change: (body: Record<string, unknown>) => void): StoredEntry {
  const body = structuredClone(entry.body) as unknown as Record<string, unknown>;
  change(body);
  return { ...entry, body: body as unknown as StoredEntry['body'] };
}
