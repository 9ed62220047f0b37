// The sync strip in words: the first read with the figures main gave and none it did not (no
// expected count: the bar goes by main's time estimate; no estimate either: a bar with no figure
// and no time left), live with the time of the last catch-up, paused with the error and "Sync now".
import { describe, expect, it } from 'vitest';
import type { HistorySyncStatus } from '../../../../preload/contract/history';
import { syncAnnouncement, syncStrip, timeLeftText } from '../../../../renderer/src/modules/history/sync-words';
import { setZone } from '../../../../renderer/src/modules/display/display-preferences';

const status = (overrides: Partial<HistorySyncStatus>): HistorySyncStatus => ({
  phase: 'initial', stored: 0, read: 0, expected: null, ratePerSecond: 0, secondsLeft: null, syncedAt: null, lastError: null, ...overrides,
});

describe('syncStrip', () => {
  it('shows the first read with its count, rate, time left and percentage when main knows them', () => {
    const strip = syncStrip(status({ stored: 12_345, read: 2_345, expected: 50_000, ratePerSecond: 2_345.6, secondsLeft: 16 }));
    expect(strip.state).toEqual({ label: 'Reading history', tone: 'info' });
    expect(strip.detail).toBe('12,345 of 50,000 transactions stored, reading… · 2,346 records/s · about 16 s left');
    expect(strip.bar).toBe(24);
    expect(strip.canSync).toBe(false);
  });

  it('with no expected count, fills the bar by time: the time spent (records over their rate) against the time left', () => {
    const strip = syncStrip(status({ stored: 4_000, read: 4_000, expected: null, ratePerSecond: 800, secondsLeft: 15 }));
    expect(strip.detail).toBe('4,000 transactions stored, reading… · 800 records/s · about 15 s left');
    expect(strip.bar).toBe(25); // 5 s spent, 15 s left
  });

  it('invents nothing: no count and no estimate, no total, no time left and a bar with no figure', () => {
    const strip = syncStrip(status({ stored: 4_000, read: 4_000, expected: null, ratePerSecond: 800, secondsLeft: null }));
    expect(strip.detail).toBe('4,000 transactions stored, reading… · 800 records/s');
    expect(strip.bar).toBe('unknown');
    expect(syncStrip(status({ read: 0 })).detail).toBe('0 transactions stored, reading…');
    // Resumed after a restart: the pass has read nothing yet, the store holds what earlier ones read.
    expect(syncStrip(status({ stored: 65_000, read: 0 })).detail).toBe('65,000 transactions stored, reading…');
    expect(syncStrip(status({ read: 0, secondsLeft: 30 })).bar).toBe('unknown');
  });

  it('says up to date and live with the time it last caught up, in the zone Settings chose', () => {
    setZone('utc');
    const syncedAt = new Date(Date.UTC(2026, 2, 12, 14, 2, 7));
    const strip = syncStrip(status({ phase: 'live', stored: 3_000, syncedAt: syncedAt.toISOString() }), new Date(Date.UTC(2026, 2, 12, 18)));
    expect(strip.state).toEqual({ label: 'Up to date · live', tone: 'success' });
    expect(strip.detail).toBe('Caught up at 14:02:07 UTC · 3,000 transactions stored');
    expect(strip.bar).toBeNull();
  });

  it('names the day when the last catch-up was not today', () => {
    setZone('utc');
    const strip = syncStrip(status({ phase: 'live', stored: 1, syncedAt: new Date(Date.UTC(2026, 2, 10, 9, 30)).toISOString() }), new Date(Date.UTC(2026, 2, 12)));
    expect(strip.detail).toBe('Caught up at 2026-03-10 09:30:00 UTC · 1 transaction stored');
  });

  it('when paused shows the error in main’s words and offers Sync now', () => {
    const strip = syncStrip(status({ phase: 'paused', stored: 10, lastError: 'The service did not answer in 30 s; retrying in 1 min' }));
    expect(strip.state.tone).toBe('warning');
    expect(strip.error).toBe('The service did not answer in 30 s; retrying in 1 min');
    expect(strip.canSync).toBe(true);
  });
});

describe('timeLeftText', () => {
  it('says an estimate as one, in seconds, minutes or hours', () => {
    expect(timeLeftText(0.2)).toBe('about 1 s left');
    expect(timeLeftText(59)).toBe('about 59 s left');
    expect(timeLeftText(150)).toBe('about 3 min left');
    expect(timeLeftText(4_800)).toBe('about 1 h 20 min left');
    expect(timeLeftText(7_200)).toBe('about 2 h left');
  });
});

describe('syncAnnouncement', () => {
  it('says a first read or a catch-up that finished, with what is stored', () => {
    expect(syncAnnouncement(status({ phase: 'initial' }), status({ phase: 'live', stored: 4_000 }))).toBe('History up to date: 4,000 transactions stored');
    expect(syncAnnouncement(status({ phase: 'catchingUp' }), status({ phase: 'live', stored: 1 }))).toBe('History up to date: 1 transaction stored');
  });

  it('says a read that paused, with its reason', () => {
    expect(syncAnnouncement(status({ phase: 'live' }), status({ phase: 'paused', lastError: 'The service did not answer' }))).toBe('History sync paused: The service did not answer');
  });

  it('says nothing while figures tick within a phase, for the first status read, or for a read starting', () => {
    expect(syncAnnouncement(status({ phase: 'initial', stored: 1 }), status({ phase: 'initial', stored: 2 }))).toBeNull();
    expect(syncAnnouncement(null, status({ phase: 'live' }))).toBeNull();
    expect(syncAnnouncement(status({ phase: 'live' }), status({ phase: 'catchingUp' }))).toBeNull();
  });

describe('spot trades in the sync strip', () => {
  it('counts the trades apart from the transactions, and says what the store leaves out whatever the phase', () => {
    expect(syncStrip(status({ phase: 'live', stored: 3_000, trades: 120, syncedAt: null })).detail).toBe('3,000 transactions and 120 trades stored');
    expect(syncStrip(status({ stored: 10, trades: 1 })).detail).toBe('10 transactions and 1 trade stored, reading…');
    expect(syncStrip(status({ phase: 'live', stored: 5, trades: 0 })).detail).toBe('5 transactions stored');
    const leftOut = '1 spot trade left out of the history: the service\'s symbol list does not name XYZUSDT.';
    expect(syncStrip(status({ phase: 'live', leftOut })).notice).toBe(leftOut);
    expect(syncStrip(status({ phase: 'paused', leftOut, lastError: 'down' })).notice).toBe(leftOut);
    expect(syncStrip(status({ phase: 'live' })).notice).toBeNull();
    expect(syncAnnouncement(status({ phase: 'catchingUp' }), status({ phase: 'live', stored: 2, trades: 3 }))).toBe('History up to date: 2 transactions and 3 trades stored');
  });
});
});
