// Whether what a page shows is live, kept from before (and as of when), or not there at all.
// A view is live only while its data arrives from the active profile's stream (or, for a view
// without a stream, its latest read succeeded) over the current link to main; anything else that
// is still held is shown "as of" its time, with money and state-changing actions off.
import { showClock } from '../display/show-time';

export type Freshness =
  | { state: 'empty' }
  | { state: 'live'; asOf: number }
  | { state: 'stale'; asOf: number; reason: string };

export interface FreshnessFacts {
  /** When the data held was last read or updated (epoch ms); null when nothing is held. */
  readAt: number | null;
  /** Why the latest read failed, when it failed after the data held was read. */
  readError: string | null;
  /** Whether the data was read over the current link to main (false once the link dropped). */
  sameLink: boolean;
  /** The stream keeping the data current: up, down (with why), or none for a view read on each visit. */
  stream: { up: true } | { up: false; detail: string | null } | null;
}

export function freshness(facts: FreshnessFacts): Freshness {
  const { readAt } = facts;
  if (readAt === null) return { state: 'empty' };
  const stale = (reason: string): Freshness => ({ state: 'stale', asOf: readAt, reason });
  if (facts.readError !== null) return stale(`reading it again failed: ${facts.readError}`);
  if (!facts.sameLink) return stale('the link to Coffer dropped since this was read');
  if (facts.stream !== null && !facts.stream.up) {
    return stale(`the live updates stopped${facts.stream.detail ? ` (${facts.stream.detail})` : ''}`);
  }
  return { state: 'live', asOf: readAt };
}

/** Why money and state-changing actions are off on this view, or null when they may run. */
export function notLiveReason(current: Freshness): string | null {
  if (current.state === 'live') return null;
  if (current.state === 'empty') return 'Not live: nothing has been read from the service yet.';
  return `Not live: ${current.reason}. Shown as of ${clockTime(current.asOf)}; actions that move money or change the account are off until fresh data arrives.`;
}

/** The notice over kept data: a title with its time, and why it is not live in a sentence. */
export function staleNotice(current: Freshness): { title: string; body: string } | null {
  if (current.state !== 'stale') return null;
  const why = current.reason.charAt(0).toUpperCase() + current.reason.slice(1);
  return {
    title: `Not live — shown as of ${clockTime(current.asOf)}`,
    body: `${why}. Actions that move money or change the account are off until fresh data arrives.`,
  };
}

/** "08:41:07 UTC": the clock time in the zone chosen in Settings, named. */
export function clockTime(epochMs: number): string {
  return showClock(new Date(epochMs));
}
