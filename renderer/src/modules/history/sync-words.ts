// The sync status strip in words, pure. Only figures main gave are shown: with no expected count
// there is no percentage, with no estimate no time left — nothing is guessed here.
import type { HistorySyncStatus } from '../../../../preload/contract/history';
import type { ToneWords } from '../shell/tone';
import { countText } from './history-words';

export interface SyncStrip {
  state: ToneWords;
  /** The line beside the state. */
  detail: string;
  /** 0-100 when the first read's size is known, else null (no bar). */
  percent: number | null;
  /** The failure in plain words (paused). */
  error: string | null;
  /** Whether "Sync now" is offered. */
  canSync: boolean;
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

/** "14:02:07" today, "12 Mar, 14:02" on another day. */
export function caughtUpText(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  if (date.toDateString() === now.toDateString()) return time;
  return `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}, ${time.slice(0, 5)}`;
}

function readPercent(status: HistorySyncStatus): number | null {
  if (status.expected === null || status.expected <= 0) return null;
  return Math.min(100, Math.floor((100 * status.read) / status.expected));
}

function firstReadDetail(status: HistorySyncStatus): string {
  const read = status.expected === null
    ? `${countText(status.read, 'record')} read`
    : `${status.read.toLocaleString('en-US')} of ${countText(status.expected, 'record')} read`;
  const parts = [read];
  if (status.ratePerSecond > 0) parts.push(rateText(status.ratePerSecond));
  if (status.secondsLeft !== null) parts.push(timeLeftText(status.secondsLeft));
  return parts.join(' · ');
}

export function syncStrip(status: HistorySyncStatus, now: Date = new Date()): SyncStrip {
  const stored = `${countText(status.stored, 'transaction')} stored`;
  switch (status.phase) {
    case 'initial':
      return { state: { label: 'Reading history', tone: 'info' }, detail: firstReadDetail(status), percent: readPercent(status), error: null, canSync: false };
    case 'catchingUp':
      return {
        state: { label: 'Catching up', tone: 'info' },
        detail: status.read > 0 ? `${countText(status.read, 'new record')} read · ${stored}` : stored,
        percent: null,
        error: null,
        canSync: false,
      };
    case 'live':
      return {
        state: { label: 'Up to date · live', tone: 'success' },
        detail: status.syncedAt ? `Caught up at ${caughtUpText(status.syncedAt, now)} · ${stored}` : stored,
        percent: null,
        error: null,
        canSync: false,
      };
    case 'paused':
      return {
        state: { label: 'Paused', tone: 'warning' },
        detail: status.syncedAt ? `Last caught up at ${caughtUpText(status.syncedAt, now)} · ${stored}` : stored,
        percent: null,
        error: status.lastError ?? 'The last read failed; Coffer will try again.',
        canSync: true,
      };
    case 'idle':
      return { state: { label: 'Not synced yet', tone: 'default' }, detail: stored, percent: null, error: null, canSync: true };
  }
}
