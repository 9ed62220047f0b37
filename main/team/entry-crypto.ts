// How an entry is hashed, signed and checked. The hash covers every field the writing desk chose
// (team, kind, body, author, time, unique key) and the previous entry's stored hash, so changing
// any of them, or re-linking the entry elsewhere in the chain, breaks the hash or the signature.
// The database's own sequence number is not covered: it only orders the chain.
import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { publicKeyObject } from '../core/exports/fingerprint';
import type { EntryDraft, StoredEntry, VerifiedEntry } from './entries';

/** JSON with object keys sorted at every depth: one spelling for one value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The bytes an entry's hash is taken over. */
export function entryBytes(draft: EntryDraft, prevHash: string): Buffer {
  const { teamId, kind, body, author, at, uniqueKey } = draft;
  return Buffer.from(canonicalJson({ v: 1, teamId, kind, body, author, at, uniqueKey, prevHash }), 'utf8');
}

export function entryHash(draft: EntryDraft, prevHash: string): string {
  return createHash('sha256').update(entryBytes(draft, prevHash)).digest('hex');
}

/** The hash and the desk's signature of it, for a draft that will follow prevHash. */
export function signEntry(draft: EntryDraft, prevHash: string, privateKey: KeyObject): { hash: string; signature: string } {
  return signEntryWith(draft, prevHash, (bytes) => sign(null, bytes, privateKey));
}

/** signEntry with a signing function (the desk's key stays inside its signer). */
export function signEntryWith(draft: EntryDraft, prevHash: string, signBytes: (bytes: Uint8Array) => Buffer): { hash: string; signature: string } {
  const hash = entryHash(draft, prevHash);
  return { hash, signature: signBytes(Buffer.from(hash, 'hex')).toString('base64') };
}

/** Whether the stored entry's hash is its content's and its signature is its author's. */
export function checkEntry(entry: StoredEntry): string | null {
  const draft: EntryDraft = { teamId: entry.teamId, kind: entry.kind, body: entry.body, author: entry.author, at: entry.at, uniqueKey: entry.uniqueKey };
  if (entryHash(draft, entry.prevHash) !== entry.hash) return 'its content does not match its hash: it was changed after it was written';
  const key = publicKeyObject(entry.author);
  if (key === null) return 'its author is not an Ed25519 key';
  let signed = false;
  try {
    signed = verify(null, Buffer.from(entry.hash, 'hex'), key, Buffer.from(entry.signature, 'base64'));
  } catch {
    signed = false;
  }
  return signed ? null : 'its signature is not its author\'s';
}

/**
 * Checks entries read in chain order. `previousHash` is the stored hash of the entry before the
 * first one given ('' when the first is the team's first). An entry whose prevHash is not the
 * previous entry's stored hash was inserted or re-linked; one whose own hash or signature fails
 * was changed. Either is tampered, and only that entry: its neighbours keep their own verdicts.
 */
export function verifyEntries(entries: readonly StoredEntry[], previousHash: string): VerifiedEntry[] {
  let expected = previousHash;
  return entries.map((entry) => {
    const linked = entry.prevHash === expected;
    expected = entry.hash;
    const why = linked ? checkEntry(entry) : 'it does not follow the entry before it: it was inserted, or an entry was removed';
    return why === null ? { ...entry, status: 'valid' } : { ...entry, status: 'tampered', why };
  });
}
