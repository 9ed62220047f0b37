// How desks and times read in the team's plain-words answers: a desk by the name its membership
// entries give it (its fingerprint's start when none did), a time of day as HH:MM:SS.
import type { TeamFacts } from './team-facts';

export function deskName(facts: TeamFacts, publicKey: string): string {
  return facts.deskName(publicKey);
}

/** "Payments", "Payments and Treasury", "Payments, Treasury and Audit". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** The time of day of an ISO instant, HH:MM:SS in the given time zone (the host's when none). */
export function clockTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone }).format(date);
  } catch {
    return date.toISOString().slice(11, 19);
  }
}
