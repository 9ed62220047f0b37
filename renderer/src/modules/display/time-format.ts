// The one way a time is told on screen: ISO ("2026-11-27 07:34:05") or the computer's own date
// format, in UTC or in the computer's time zone, as the user chose in Settings. The functions here
// are pure (the choice is a parameter) so they can be tested with a fixed zone; show-time.ts binds
// them to the saved choice.

export type DateStyle = 'iso' | 'local';
export type ZoneChoice = 'utc' | 'local';

export interface TimeStyle {
  date: DateStyle;
  zone: ZoneChoice;
  /** BCP 47 locale for the local date format; the computer's when absent. */
  locale?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

function parse(iso: string | Date): Date | null {
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function isoParts(date: Date, zone: ZoneChoice): { day: string; clock: string } {
  const utc = zone === 'utc';
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const month = (utc ? date.getUTCMonth() : date.getMonth()) + 1;
  const day = utc ? date.getUTCDate() : date.getDate();
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  const seconds = utc ? date.getUTCSeconds() : date.getSeconds();
  return { day: `${year}-${pad(month)}-${pad(day)}`, clock: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` };
}

function intlZone(zone: ZoneChoice): string | undefined {
  return zone === 'utc' ? 'UTC' : undefined;
}

/** "2026-11-27 07:34:05" (ISO) or "Nov 27, 2026, 07:34:05" (en-US local format); the text itself when not a time. */
export function formatDateTime(iso: string | Date, style: TimeStyle): string {
  const date = parse(iso);
  if (date === null) return String(iso);
  if (style.date === 'iso') {
    const { day, clock } = isoParts(date, style.zone);
    return `${day} ${clock}`;
  }
  return new Intl.DateTimeFormat(style.locale, {
    timeZone: intlZone(style.zone), year: 'numeric', month: 'short', day: 'numeric',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).format(date);
}

/** The date alone: "2026-11-27" or "Nov 27, 2026". */
export function formatDate(iso: string | Date, style: TimeStyle): string {
  const date = parse(iso);
  if (date === null) return String(iso);
  if (style.date === 'iso') return isoParts(date, style.zone).day;
  return new Intl.DateTimeFormat(style.locale, { timeZone: intlZone(style.zone), year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** The time of day alone, "07:34:05", for a deadline within the hour. */
export function formatClock(iso: string | Date, style: TimeStyle): string {
  const date = parse(iso);
  if (date === null) return String(iso);
  return isoParts(date, style.zone).clock;
}

/** "UTC", or the computer's zone as the locale abbreviates it at that moment ("CET", "GMT+1"). */
export function zoneAbbreviation(style: TimeStyle, at: Date = new Date()): string {
  if (style.zone === 'utc') return 'UTC';
  const part = new Intl.DateTimeFormat(style.locale ?? 'en-US', { timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'local time';
}

/** A time with its zone after it: "2026-11-27 07:34:05 UTC". */
export function formatDateTimeZoned(iso: string | Date, style: TimeStyle): string {
  const date = parse(iso);
  if (date === null) return String(iso);
  return `${formatDateTime(date, style)} ${zoneAbbreviation(style, date)}`;
}

/** A clock time with its zone after it: "07:34:05 UTC". */
export function formatClockZoned(iso: string | Date, style: TimeStyle): string {
  const date = parse(iso);
  if (date === null) return String(iso);
  return `${formatClock(date, style)} ${zoneAbbreviation(style, date)}`;
}

/** The sentence a screen puts above its times: "Times in UTC" or "Times in local time (CET)". */
export function zoneNote(style: TimeStyle, at: Date = new Date()): string {
  return style.zone === 'utc' ? 'Times in UTC' : `Times in local time (${zoneAbbreviation(style, at)})`;
}
