// Stateless seeded randomness: every simulated value is a pure function of (seed, stream, indices),
// so any minute of any symbol can be recomputed on demand and two markets with one seed agree.

/** 32-bit avalanche mix of up to four integers (a murmur3-style finaliser per word). */
export function hash4(a: number, b: number, c: number, d: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ c, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ d, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Uniform in [0, 1) from a 32-bit hash. */
export function unit(h: number): number {
  return h / 4294967296;
}

const SQRT6 = 2.449489742783178;
const BELL_SCALE = SQRT6 / 65536;

/** Roughly normal with unit variance (sum of two 16-bit uniforms, scaled): bounded tails, no outliers. */
export function bell(h: number): number {
  return ((h & 0xffff) + (h >>> 16)) * BELL_SCALE - SQRT6;
}
