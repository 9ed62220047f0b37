// An Ed25519 export key as people see it: the raw 32-byte public key in base64, and its
// fingerprint, the SHA-256 of those bytes in upper-case hex, groups of four. One function for
// main and the command line, so the same key reads the same everywhere.
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';

/** DER prefix of an Ed25519 SubjectPublicKeyInfo: the raw key is the 32 bytes after it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const RAW_KEY_BYTES = 32;

export function fingerprintOf(publicKeyBase64: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').toUpperCase();
  return hex.match(/.{4}/g)?.join(' ') ?? hex;
}

/** A fingerprint as typed or pasted (any case, spaces or colons or none) in its one spelling. */
export function normalFingerprint(text: string): string {
  const hex = text.replace(/[\s:-]/g, '').toUpperCase();
  return hex.match(/.{1,4}/g)?.join(' ') ?? hex;
}

/** The raw public key (base64) of an Ed25519 key object (either half): the last 32 bytes of its SPKI DER. */
export function rawPublicKey(key: KeyObject): string {
  const der = (key.type === 'private' ? createPublicKey(key) : key).export({ format: 'der', type: 'spki' });
  return der.subarray(der.length - RAW_KEY_BYTES).toString('base64');
}

/** The key object of a raw public key in base64, or null when it is not 32 bytes of Ed25519 key. */
export function publicKeyObject(publicKeyBase64: string): KeyObject | null {
  const raw = Buffer.from(publicKeyBase64, 'base64');
  if (raw.length !== RAW_KEY_BYTES || raw.toString('base64') !== publicKeyBase64) return null;
  try {
    return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
  } catch {
    return null;
  }
}
