// An export's rows cut into blocks of whole days, oldest first, so that threads can each read and
// spell a block while the archive takes them in order (export-blocks.ts). The counts only size the
// blocks: the first block is open towards the past and the last towards the future, and each
// boundary is the start of a day, so the blocks' ranges cover every row exactly once whatever the
// counts say.
import type { TimeRange } from '../../history/query';
import { DAY_MS } from '../../history/schema';

export interface PlannedBlock extends TimeRange {
  /** The rows the day counts gave this block (the block's size, not a promise). */
  rows: number;
}

/** Blocks of at least `rowsPerBlock` rows (the last may hold fewer) from day counts in any order. */
export function planBlocks(days: ReadonlyArray<{ day: number; n: number }>, rowsPerBlock: number): PlannedBlock[] {
  const oldestFirst = [...days].sort((a, b) => a.day - b.day);
  const starts: Array<{ day: number; rows: number }> = [];
  let current: { day: number; rows: number } | null = null;
  for (const { day, n } of oldestFirst) {
    if (current === null) {
      current = { day, rows: 0 };
      starts.push(current);
    }
    current.rows += n;
    if (current.rows >= rowsPerBlock) current = null;
  }
  return starts.map((block, index) => ({
    fromMs: index === 0 ? undefined : block.day * DAY_MS,
    tillMs: index === starts.length - 1 ? undefined : (starts[index + 1]?.day ?? 0) * DAY_MS - 1,
    rows: block.rows,
  }));
}

/** What a block's rows were, for the manifest and the team's record: merged block by block. */
export interface BlockStats {
  rows: number;
  /** The earliest and latest createdAt (ISO UTC text orders as time does). */
  oldest: string | null;
  newest: string | null;
  /** Rows with no price (priced exports only). */
  unpriced: number;
  /** Ids of the withdrawals among the rows, in row order (kept only for a team desk's record). */
  withdrawals: string[];
}

export const noBlockStats = (): BlockStats => ({ rows: 0, oldest: null, newest: null, unpriced: 0, withdrawals: [] });

/** Adds a later block's stats into `into`. */
export function mergeBlockStats(into: BlockStats, block: BlockStats): void {
  into.rows += block.rows;
  if (block.oldest !== null && (into.oldest === null || block.oldest < into.oldest)) into.oldest = block.oldest;
  if (block.newest !== null && (into.newest === null || block.newest > into.newest)) into.newest = block.newest;
  into.unpriced += block.unpriced;
  for (const id of block.withdrawals) into.withdrawals.push(id);
}
