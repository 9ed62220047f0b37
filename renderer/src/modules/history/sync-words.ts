// The sync status strip in words, pure. Only figures main gave are shown: with no expected count
// the bar goes by main's estimate of the time left, with no estimate it only says work goes on, and
// no time left is said — nothing is guessed here.
import type { HistorySyncStatus } from '../../../../preload/contract/history';
import { showClock, showDate, showTimeZoned } from '../display/show-time';
import type { ToneWords } from '../shell/tone';
import { countText } from './history-words';

export interface SyncStrip {
  state: ToneWords;
  /** The line beside the state. */
  detail: string;
  /** The first read's bar: a percent when main's figures tell one, 'unknown' for a bar that only
   *  says work goes on, null for no bar. */
  bar: number | 'unknown' | null;
  /** The failure in plain words (paused). */
  error: string | null;
  /** Whether "Sync now" is offered. */
  canSync: boolean;
  /** What the store leaves out and why (trades on symbols the service's list does not name), whatever the phase. */
  notice: string | null;
}

/** "about 45 s", "about 3 min", "about 1 h 20 min": an estimate, said as one. */
export function timeLeftText(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds));
  if (whole < 60) return `about ${whole} s left`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest > 0 ? ` ${rest} min` : ''} left`;
}

/** "1,234 records/s". */
export function rateText(perSecond: number): string {
  return `${Math.round(Math.max(0, perSecond)).toLocaleString('en-US')} records/s`;
}

/** "14:02:07 UTC" today, the whole time on another day, as Settings say times are shown. */
export function caughtUpText(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return showDate(date) === showDate(now) ? showClock(date) : showTimeZoned(date);
}

/**
 * How far the first read is: by records stored when main knows how many there are; else by time, when it
 * tells the seconds left (the time spent is the records read over their rate, both its figures);
 * else not at all.
 */
function readBar(status: HistorySyncStatus): number | 'unknown' {
  if (status.expected !== null && status.expected > 0) return Math.min(100, Math.floor((100 * status.stored) / status.expected));
  if (status.secondsLeft === null || status.ratePerSecond <= 0 || status.read <= 0) return 'unknown';
  const spent = status.read / status.ratePerSecond;
  return Math.min(100, Math.floor((100 * spent) / (spent + status.secondsLeft)));
}

/** "3,000 transactions", and "3,000 transactions and 120 trades" once spot trades are stored. */
function storedText(status: HistorySyncStatus): string {
  const transactions = countText(status.stored, 'transaction');
  return status.trades !== undefined && status.trades > 0 ? `${transactions} and ${countText(status.trades, 'trade')}` : transactions;
}

/**
 * "65,000 transactions stored, reading…": what is stored leads, so the count goes on from where it was
 * after a restart (the running pass's own count starts again at 0); "… of 80,000" when main knows
 * the whole.
 */
function firstReadDetail(status: HistorySyncStatus): string {
  const stored = status.expected === null
    ? `${storedText(status)} stored, reading…`
    : `${status.stored.toLocaleString('en-US')} of ${countText(status.expected, 'transaction')} stored, reading…`;
  const parts = [stored];
  if (status.ratePerSecond > 0) parts.push(rateText(status.ratePerSecond));
  if (status.secondsLeft !== null) parts.push(timeLeftText(status.secondsLeft));
  return parts.join(' · ');
}

export function syncStrip(status: HistorySyncStatus, now: Date = new Date()): SyncStrip {
  return { ...phaseStrip(status, now), notice: status.leftOut ?? null };
}

function phaseStrip(status: HistorySyncStatus, now: Date): Omit<SyncStrip, 'notice'> {
  const stored = `${storedText(status)} stored`;
  switch (status.phase) {
    case 'initial':
      return { state: { label: 'Reading history', tone: 'info' }, detail: firstReadDetail(status), bar: readBar(status), error: null, canSync: false };
    case 'catchingUp':
      return {
        state: { label: 'Catching up', tone: 'info' },
        detail: status.read > 0 ? `${countText(status.read, 'new record')} read · ${stored}` : stored,
        bar: null,
        error: null,
        canSync: false,
      };
    case 'live':
      return {
        state: { label: 'Up to date · live', tone: 'success' },
        detail: status.syncedAt ? `Caught up at ${caughtUpText(status.syncedAt, now)} · ${stored}` : stored,
        bar: null,
        error: null,
        canSync: false,
      };
    case 'paused':
      return {
        state: { label: 'Paused', tone: 'warning' },
        detail: status.syncedAt ? `Last caught up at ${caughtUpText(status.syncedAt, now)} · ${stored}` : stored,
        bar: null,
        error: status.lastError ?? 'The last read failed; Coffer will try again.',
        canSync: true,
      };
    case 'idle':
      return { state: { label: 'Not synced yet', tone: 'default' }, detail: stored, bar: null, error: null, canSync: true };
  }
}

/**
 * What is said aloud when the sync changes phase by itself: a read that finished ("History up to
 * date: 4,000 transactions stored") or one that paused. The figures that tick while it reads are
 * not said, or a screen reader would speak every second.
 */
export function syncAnnouncement(before: HistorySyncStatus | null, now: HistorySyncStatus): string | null {
  if (before === null || before.phase === now.phase) return null;
  if (now.phase === 'live' && (before.phase === 'initial' || before.phase === 'catchingUp' || before.phase === 'paused')) {
    return `History up to date: ${storedText(now)} stored`;
  }
  if (now.phase === 'paused') return `History sync paused: ${now.lastError ?? 'the last read failed; Coffer will try again'}`;
  return null;
}
