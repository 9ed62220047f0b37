// The hash chain: each entry's hash is SHA-256 over a canonical serialisation of all its fields
// (its id included, so renumbering is caught) followed by the previous entry's hash.
import { createHash } from 'node:crypto';
import type { AuditEntry } from '../../../preload/contract/audit';

export const GENESIS_HASH = '0'.repeat(64);

export type UnhashedEntry = Omit<AuditEntry, 'hash'>;

/** The chained fields as stored: the enumerations as plain text, so an edited value is hashed as
 *  written rather than as the nearest valid value. AuditEntry is assignable to it. */
export type HashableEntry = Omit<UnhashedEntry, 'action' | 'phase' | 'outcome'> & {
  action: string;
  phase: string;
  outcome: string;
};

/** A JSON array in a fixed field order: stable across versions of JavaScript and of this code. */
export function canonicalForm(entry: HashableEntry): string {
  return JSON.stringify([
    entry.id,
    entry.at,
    entry.profileId,
    entry.profileName,
    entry.osUser,
    entry.action,
    entry.phase,
    entry.correlationId,
    entry.currency,
    entry.amount,
    entry.fee,
    entry.address,
    entry.network,
    entry.outcome,
    entry.error,
    entry.txId,
    entry.detail,
    entry.prevHash,
  ]);
}

export function hashEntry(entry: HashableEntry): string {
  return createHash('sha256').update(canonicalForm(entry), 'utf8').digest('hex');
}

/** Why this entry breaks the chain, or null when it links correctly to the previous hash. */
export function linkProblem(entry: HashableEntry & { hash: string }, expectedPrevHash: string): string | null {
  if (entry.prevHash !== expectedPrevHash) {
    return `entry ${entry.id} does not point to the entry before it (a row was removed, inserted or altered before it)`;
  }
  if (hashEntry(entry) !== entry.hash) {
    return `entry ${entry.id} was altered after it was written (its content no longer matches its hash)`;
  }
  return null;
}
