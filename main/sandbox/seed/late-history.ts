// The master's seeded wallet transactions, written after the rest of the seed. Its balances are the
// replay of that history, so the whole history is worked out in memory first; the balances, trades
// and orders are written with the world, and the transactions (most of the seed's rows) later, when
// the sandbox already answers balance reads. Until they are all written the meta key
// `history_pending` holds what the history is made from, so a crash in between loses nothing: the
// next start makes the same rows again from it (they depend on nothing else) and writes them.
import Decimal from '../decimal';
import type { SandboxContext } from '../context';
import { readMeta, writeMeta } from '../db/open';
import type { NewTx } from '../db/transactions';
import { insertTransactions } from './history';
import { planMasterHistory, writeMasterHistoryExceptTransactions, type MasterHistoryOptions } from './master-history';

const PENDING_KEY = 'history_pending';

/** What the master's history is made from, as stored in meta (plain data). */
export interface HistoryRecipe {
  accountId: number;
  transactions: number;
  /** Wallet and spot balances per currency the demo ends near, as decimal strings. */
  targets: { code: string; wallet: string; spot: string }[];
  seed: number;
  nowMs: number;
  openedAt: number;
}

/** Transactions already made from a recipe (its JSON), so the late write on this thread need not make them again. */
const made = new Map<string, NewTx[]>();

/** Writes the history's balances, trades and orders and leaves its transactions pending (the caller holds the transaction). */
export function planHistory(ctx: SandboxContext, recipe: HistoryRecipe): void {
  const text = JSON.stringify(recipe);
  const options = optionsOf(recipe);
  const plan = planMasterHistory(options);
  writeMasterHistoryExceptTransactions(ctx, options, plan);
  writeMeta(ctx.db, PENDING_KEY, text);
  made.set(text, plan.transactions);
}

export function hasLateHistory(ctx: SandboxContext): boolean {
  return readMeta(ctx.db, PENDING_KEY) !== undefined;
}

/** Writes the pending transactions, if any, and clears the mark, in one transaction. */
export function writeLateHistory(ctx: SandboxContext): void {
  const pending = pendingOf(ctx);
  if (pending === null) return;
  ctx.db.transaction(() => writeSlice(ctx, pending, 0, pending.rows.length))();
}

/**
 * Writes the pending transactions a slice at a time, each slice its own transaction, awaiting
 * `pause` between them so the thread answers balance reads meanwhile; the last slice clears the
 * mark. Stops when the database is closed: the next start writes them all again.
 */
export async function writeLateHistoryInSlices(ctx: SandboxContext, pause: () => Promise<void>): Promise<void> {
  if (!ctx.db.open) return;
  const pending = pendingOf(ctx);
  if (pending === null) return;
  for (let from = 0; from === 0 || from < pending.rows.length; from += LATE_SLICE_ROWS) {
    if (from > 0) await pause();
    if (!ctx.db.open) return;
    ctx.db.transaction(() => writeSlice(ctx, pending, from, from + LATE_SLICE_ROWS))();
  }
}

/** Rows per slice: a few milliseconds of writing. */
const LATE_SLICE_ROWS = 1_000;

interface Pending {
  text: string;
  accountId: number;
  rows: NewTx[];
}

function pendingOf(ctx: SandboxContext): Pending | null {
  const text = readMeta(ctx.db, PENDING_KEY);
  if (text === undefined) return null;
  const recipe = JSON.parse(text) as HistoryRecipe;
  return { text, accountId: recipe.accountId, rows: made.get(text) ?? planMasterHistory(optionsOf(recipe)).transactions };
}

function writeSlice(ctx: SandboxContext, pending: Pending, from: number, to: number): void {
  // While the mark is set only this writes transactions (the gate holds every other writer), so
  // the master's rows found at the start are an interrupted write's: they go, and their ids are taken again.
  if (from === 0) ctx.db.prepare('DELETE FROM transactions WHERE account_id = ?').run(pending.accountId);
  insertTransactions(ctx.db, pending.rows.slice(from, to));
  if (to >= pending.rows.length) {
    ctx.db.prepare('DELETE FROM meta WHERE key = ?').run(PENDING_KEY);
    made.delete(pending.text);
  }
}

function optionsOf(recipe: HistoryRecipe): MasterHistoryOptions {
  const targets = new Map(recipe.targets.map((t) => [t.code, { wallet: new Decimal(t.wallet), spot: new Decimal(t.spot) }]));
  return { accountId: recipe.accountId, transactions: recipe.transactions, targets, seed: recipe.seed, nowMs: recipe.nowMs, openedAt: recipe.openedAt };
}
