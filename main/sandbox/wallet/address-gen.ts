// Deterministic fake chain data: deposit addresses that match each network's address_regex,
// payment ids, transaction hashes. Derived from a seed text with SHA-256, so a given seed and
// counter always give the same address.
import { createHash } from 'node:crypto';
import type { NetworkDef } from '../catalog';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';
const DOGE_SECOND = '56789ABCDEFGHJKLMNPQRSTU';

function stream(seed: string, length: number): Buffer {
  const chunks: Buffer[] = [];
  for (let i = 0; chunks.length * 32 < length; i++) chunks.push(createHash('sha256').update(`${seed}#${i}`).digest());
  return Buffer.concat(chunks).subarray(0, length);
}

function chars(seed: string, alphabet: string, length: number): string {
  const bytes = stream(seed, length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

export function generateAddress(network: NetworkDef, seed: string): string {
  switch (network.network) {
    case 'BTC': return `bc1q${chars(seed, BECH32, 38)}`;
    case 'LTC': return `ltc1q${chars(seed, BECH32, 38)}`;
    case 'ETH': return `0x${chars(seed, HEX, 40)}`;
    case 'TRX': return `T${chars(seed, BASE58, 33)}`;
    case 'XRP': return `r${chars(seed, BASE58, 33)}`;
    case 'DOGE': return `D${chars(seed, DOGE_SECOND, 1)}${chars(`${seed}/2`, BASE58, 32)}`;
    case 'SOL': return chars(seed, BASE58, 44);
    default: return chars(seed, BASE58, 34);
  }
}

/** A payment id (destination tag, memo) valid for the network, or null when it takes none. */
export function generatePaymentId(network: NetworkDef, seed: string): string | null {
  if (!network.payinPaymentId) return null;
  const value = stream(seed, 4).readUInt32BE(0) % 999_999_999;
  return String(value + 1);
}

export function generateHash(network: string | null, seed: string): string {
  const hex = chars(seed, HEX, 64);
  return network === 'ETH' || network === 'TRX' ? `0x${hex}` : hex;
}

/** A UUID-shaped identifier (operation_id, tx_id) derived from the seed. */
export function generateUuid(seed: string): string {
  const h = chars(seed, HEX, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function matchesRegex(pattern: string | undefined, value: string): boolean {
  return pattern === undefined || new RegExp(pattern).test(value);
}
