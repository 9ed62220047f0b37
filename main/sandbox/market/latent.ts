// Each currency's hidden USDT value: a seeded random walk in log space, built as a Brownian bridge
// over a fixed span of minutes from the Unix epoch (midpoint displacement). Any minute's value is
// found in O(levels) hash calls, and a whole aligned chunk in one hash per minute, so the path does
// not depend on when the sandbox started and a clock jump costs nothing. Long-range displacement is
// capped so prices wander realistically over days but stay near the catalogue's reference price.
import * as random from './hash';
// Hot loops call local bindings: transpiled imports are property getters, costly per call.
const { bell, hash4 } = random;

export const SPAN_LEVELS = 26; // 2^26 minutes ≈ 127 years from 1970
export const CHUNK_LEVELS = 10;
export const CHUNK_MINUTES = 1 << CHUNK_LEVELS;
const SPAN = 2 ** SPAN_LEVELS;

export interface WalkParams {
  /** Stream id of the currency (its catalogue index). */
  stream: number;
  /** Standard deviation of the log price over one day. */
  dailyVol: number;
  /** Largest displacement a single bridge level may add (bounds the long-range wander). */
  cap: number;
}

function displacementStd(walk: WalkParams, lengthMinutes: number): number {
  return Math.min((walk.dailyVol / Math.sqrt(1440)) * Math.sqrt(lengthMinutes) * 0.5, walk.cap);
}

function midpoint(seed: number, walk: WalkParams, level: number, index: number, left: number, right: number): number {
  const length = 2 ** (SPAN_LEVELS - level + 1);
  return (left + right) / 2 + displacementStd(walk, length) * bell(hash4(seed, walk.stream, level, index));
}

/** Log-price offsets at minutes start..start+CHUNK_MINUTES inclusive, for an aligned chunk start. */
export function walkChunk(seed: number, walk: WalkParams, chunkIndex: number): Float64Array {
  const start = (chunkIndex * CHUNK_MINUTES) % SPAN;
  const [left, right] = endpoints(seed, walk, start, start + CHUNK_MINUTES);
  const out = new Float64Array(CHUNK_MINUTES + 1);
  out[0] = left;
  out[CHUNK_MINUTES] = right;
  if (walk.dailyVol === 0) return out.fill(0);
  for (let level = SPAN_LEVELS - CHUNK_LEVELS + 1; level <= SPAN_LEVELS; level += 1) {
    const step = 2 ** (SPAN_LEVELS - level + 1);
    for (let i = 0; i < CHUNK_MINUTES; i += step) {
      const mid = i + step / 2;
      const globalIndex = (start + mid) / (step / 2);
      out[mid] = midpoint(seed, walk, level, globalIndex, out[i] as number, out[i + step] as number);
    }
  }
  return out;
}

/** Values at the two ends of a dyadic interval [from, to] of length CHUNK_MINUTES. */
function endpoints(seed: number, walk: WalkParams, from: number, to: number): [number, number] {
  if (walk.dailyVol === 0) return [0, 0];
  return [valueAt(seed, walk, from), valueAt(seed, walk, to)];
}

/** The walk at one minute (0 at both ends of the span, which repeats after 2^26 minutes). */
export function valueAt(seed: number, walk: WalkParams, anyMinute: number): number {
  const minute = ((anyMinute % SPAN) + SPAN) % SPAN;
  let lo = 0;
  let hi = SPAN;
  let left = 0;
  let right = 0;
  for (let level = 1; level <= SPAN_LEVELS; level += 1) {
    if (minute === lo) return left;
    if (minute === hi) return right;
    const mid = (lo + hi) / 2;
    const value = midpoint(seed, walk, level, mid / ((hi - lo) / 2), left, right);
    if (minute === mid) return value;
    if (minute < mid) {
      hi = mid;
      right = value;
    } else {
      lo = mid;
      left = value;
    }
  }
  return left;
}
