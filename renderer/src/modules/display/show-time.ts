// The time formatters bound to the user's saved choice: what every page calls to show a time.
// They read the reactive preferences, so a template using them re-renders when Settings change.
import { displayPreferences } from './display-preferences';
import { formatClockZoned, formatDate, formatDateTime, formatDateTimeZoned, zoneAbbreviation, zoneNote, type TimeStyle } from './time-format';

function style(): TimeStyle {
  return { date: displayPreferences.date, zone: displayPreferences.zone };
}

/** A time for a column whose heading names the zone: "2026-11-27 07:34:05". */
export const showTime = (iso: string | Date): string => formatDateTime(iso, style());
/** A time standing alone, zone included: "2026-11-27 07:34:05 UTC". */
export const showTimeZoned = (iso: string | Date): string => formatDateTimeZoned(iso, style());
/** A date standing alone. */
export const showDate = (iso: string | Date): string => formatDate(iso, style());
/** A clock time within the day, zone included: "07:34:05 UTC". */
export const showClock = (iso: string | Date): string => formatClockZoned(iso, style());
/** "UTC" or the local zone's abbreviation, for a column heading: "Time (UTC)". */
export const shownZone = (): string => zoneAbbreviation(style());
/** "Times in UTC" / "Times in local time (CET)". */
export const timesNote = (): string => zoneNote(style());
/** A calendar day of the service's daily closes ("2026-11-27", a UTC day) in the chosen date
 *  format; never moved into the computer's zone, where it could read as the day before. */
export const showDay = (day: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T00:00:00Z`, { date: displayPreferences.date, zone: 'utc' }) : day;
