// The portfolio's words: days as people read them, main's notes as sentences, why a chart has
// nothing to draw, the snapshots that disagree with the history, and which day the balances table
// opens on. Days are UTC calendar days (YYYY-MM-DD), as main sends them.
import type { NetWorthHistory, PortfolioNote, PortfolioNoteKind, SnapshotDisagreement } from '../../../../preload/contract/portfolio';
import { showDay } from '../display/show-time';
import { formatAmount, formatMoneyWithCode, type Precisions } from '../money/money-format';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDate(day: string): Date | null {
  if (!DAY.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "26 Aug" (for an axis). */
export function shortDay(day: string): string {
  return utcDate(day)?.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' }) ?? day;
}

/** "2026-08-26" or "Aug 26, 2026" as chosen in Settings (for a sentence or a tooltip). */
export function longDay(day: string): string {
  return showDay(day);
}

/** The UTC day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  const date = utcDate(day);
  if (date === null) throw new Error(`day is not a date: ${day}`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** Today as a UTC day. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The day the balances table opens on: the last 31 December whose close has passed, when the
 * history reaches back to it (year-end is what accounts ask for), else yesterday — the latest day
 * that has closed. Never today or later.
 */
export function defaultBalancesDay(today: string, historyStart: string | null): string {
  // This year's 31 December is today at the earliest, so not closed yet: the last one is last year's.
  const lastYearEnd = `${Number(today.slice(0, 4)) - 1}-12-31`;
  if (historyStart !== null && historyStart <= lastYearEnd) return lastYearEnd;
  return addDays(today, -1);
}

const FALLBACK_WORDS: Readonly<Record<PortfolioNoteKind, string>> = {
  syncing: 'History is still syncing — older days may change.',
  noHistory: 'No transactions stored yet: only today is known.',
  noPrice: 'Some currencies have no price on some days; they are left out of the value.',
  negative: 'Some days hold less than nothing of a currency: a movement is missing from the history.',
  subAccountsCarried: 'Sub-accounts’ own movements cannot be read with the master key: their balances are carried back unchanged except for transfers with the master.',
  snapshotsDisagree: 'A snapshot Coffer took differs from the history.',
};

/** A note as one sentence: main's own words, or the kind's when main sent none. */
export function noteWords(note: PortfolioNote): string {
  const text = note.message.trim();
  return text === '' ? FALLBACK_WORDS[note.kind] : text;
}

/**
 * The notes to list under a chart, in words. Disagreements are said one by one by
 * disagreementWords, so their summary note is left out when they are listed.
 */
export function notesWords(notes: readonly PortfolioNote[], disagreementsListed: boolean): string[] {
  const words = notes.filter((note) => !(disagreementsListed && note.kind === 'snapshotsDisagree')).map(noteWords);
  return [...new Set(words)];
}

/** "On 12 Mar 2026 the snapshot held 1.50000000 BTC, the history 1.40000000 BTC." */
export function disagreementWords(disagreements: readonly SnapshotDisagreement[], precision: Precisions): string[] {
  return disagreements.map(
    (one) =>
      `On ${longDay(one.day)} the snapshot held ${formatMoneyWithCode(one.snapshot, one.currency, precision)}, the history ${formatMoneyWithCode(one.reconstructed, one.currency, precision)}.`,
  );
}

/** Why the net worth chart has nothing to draw, or null when it has a value to draw. */
export function emptyNetWorthReason(history: NetWorthHistory): string | null {
  if (history.points.some((point) => point.value !== null)) return null;
  const first = (kind: PortfolioNoteKind) => history.notes.find((note) => note.kind === kind);
  const noHistory = first('noHistory');
  if (noHistory) return noteWords(noHistory);
  if (history.points.length === 0) return history.syncing ? FALLBACK_WORDS.syncing : 'No days to show yet.';
  const unpriced = history.notes.filter((note) => note.kind === 'noPrice').map(noteWords);
  if (unpriced.length > 0) return unpriced.join(' ');
  const held = new Set(history.points.flatMap((point) => point.unpriced));
  if (held.size > 0) return `No price for ${[...held].sort().join(', ')} on these days.`;
  if (history.syncing) return FALLBACK_WORDS.syncing;
  return 'Nothing was held on these days.';
}

/** Decimal text shown whole, thousands separated: a price keeps every decimal it has. */
export function exactAmount(text: string | null): string {
  if (text === null) return '—';
  const places = /\.(\d+)$/.exec(text.trim())?.[1]?.length ?? 0;
  return formatAmount(text, places);
}
