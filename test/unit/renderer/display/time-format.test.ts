// The one date/time formatter with a fixed computer time zone (New York, five hours behind UTC in
// November), so UTC and local times differ and the tests say which is which.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatClockZoned,
  formatDate,
  formatDateTime,
  formatDateTimeZoned,
  zoneAbbreviation,
  zoneNote,
} from '../../../../renderer/src/modules/display/time-format';
import { displayPreferences } from '../../../../renderer/src/modules/display/display-preferences';
import { showDay } from '../../../../renderer/src/modules/display/show-time';

const AT = '2026-11-27T07:34:05Z';
let savedZone: string | undefined;

beforeAll(() => {
  savedZone = process.env.TZ;
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});

describe('formatDateTime', () => {
  it('tells the computer zone in effect (the test relies on it)', () => {
    expect(new Date(AT).getHours()).toBe(2);
  });

  it('shows ISO in UTC and in the local zone', () => {
    expect(formatDateTime(AT, { date: 'iso', zone: 'utc' })).toBe('2026-11-27 07:34:05');
    expect(formatDateTime(AT, { date: 'iso', zone: 'local' })).toBe('2026-11-27 02:34:05');
  });

  it('shows the locale date format in UTC and in the local zone', () => {
    expect(formatDateTime(AT, { date: 'local', zone: 'utc', locale: 'en-US' })).toBe('Nov 27, 2026, 07:34:05');
    expect(formatDateTime(AT, { date: 'local', zone: 'local', locale: 'en-US' })).toBe('Nov 27, 2026, 02:34:05');
    expect(formatDateTime(AT, { date: 'local', zone: 'utc', locale: 'de-DE' })).toBe('27. Nov. 2026, 07:34:05');
  });

  it('moves the date with the zone across midnight', () => {
    const late = '2026-11-28T03:00:00Z';
    expect(formatDate(late, { date: 'iso', zone: 'utc' })).toBe('2026-11-28');
    expect(formatDate(late, { date: 'iso', zone: 'local' })).toBe('2026-11-27');
    expect(formatDate(late, { date: 'local', zone: 'utc', locale: 'en-US' })).toBe('Nov 28, 2026');
  });

  it('names the zone after a time standing alone', () => {
    expect(formatDateTimeZoned(AT, { date: 'iso', zone: 'utc' })).toBe('2026-11-27 07:34:05 UTC');
    expect(formatDateTimeZoned(AT, { date: 'iso', zone: 'local' })).toBe('2026-11-27 02:34:05 EST');
    expect(formatClockZoned(AT, { date: 'iso', zone: 'local' })).toBe('02:34:05 EST');
    expect(formatClockZoned(AT, { date: 'local', zone: 'utc' })).toBe('07:34:05 UTC');
  });

  it('says which zone a screen uses, summer time included', () => {
    expect(zoneNote({ date: 'iso', zone: 'utc' })).toBe('Times in UTC');
    expect(zoneNote({ date: 'iso', zone: 'local' }, new Date(AT))).toBe('Times in local time (EST)');
    expect(zoneAbbreviation({ date: 'iso', zone: 'local' }, new Date('2026-07-01T12:00:00Z'))).toBe('EDT');
  });

  it('gives back text that is not a time rather than "Invalid Date"', () => {
    expect(formatDateTime('not a time', { date: 'iso', zone: 'utc' })).toBe('not a time');
    expect(formatDateTimeZoned('', { date: 'local', zone: 'local' })).toBe('');
  });
});

describe('showDay', () => {
  it('tells a day of the daily closes in the chosen format, never as the day before in a zone behind UTC', () => {
    const saved = { date: displayPreferences.date, zone: displayPreferences.zone };
    try {
      displayPreferences.zone = 'local';
      displayPreferences.date = 'iso';
      expect(showDay('2025-12-31')).toBe('2025-12-31');
      displayPreferences.date = 'local';
      expect(showDay('2025-12-31')).toBe('Dec 31, 2025');
      expect(showDay('not a day')).toBe('not a day');
    } finally {
      Object.assign(displayPreferences, saved);
    }
  });
});
