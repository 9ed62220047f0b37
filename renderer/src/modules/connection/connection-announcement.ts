// What a screen reader is told when the connection changes by itself: the link to Coffer or the
// active profile's streams lost (said at once, assertive) and back (said politely). Only changes
// are said, and "back" only after a loss, so the app's own start says nothing.
import type { Politeness } from '../a11y/announcer';
import type { ConnectionLevel } from './connection-summary';
import type { TransportState } from '../../bridge';

export interface Announcement {
  text: string;
  politeness: Politeness;
}

type LinkKind = TransportState['kind'];

export function linkAnnouncement(before: LinkKind, after: LinkKind): Announcement | null {
  if (before === after) return null;
  if (before === 'ready') return { text: 'Connection to Coffer lost. Reconnecting.', politeness: 'assertive' };
  if (after === 'ready' && before !== 'connecting') return { text: 'Connection to Coffer is back.', politeness: 'polite' };
  return null;
}

export function streamAnnouncement(before: ConnectionLevel, after: ConnectionLevel): Announcement | null {
  if (before === after) return null;
  if (after === 'down') return { text: 'Streams disconnected. Figures are not live.', politeness: 'assertive' };
  if (after === 'live' && before === 'down') return { text: 'Streams connected again.', politeness: 'polite' };
  return null;
}
