// One word and one colour for "how connected is this profile", from its streams' reports.
import type { StreamReport } from './connection-store';

export const CONNECTION_LEVELS = ['unknown', 'connecting', 'live', 'down'] as const;
export type ConnectionLevel = (typeof CONNECTION_LEVELS)[number];

/** Any stream down makes the profile down; all live makes it live; otherwise connecting. */
export function summarizeStreams(reports: readonly StreamReport[]): ConnectionLevel {
  if (reports.length === 0) return 'unknown';
  if (reports.some((report) => report.state === 'down')) return 'down';
  if (reports.every((report) => report.state === 'live')) return 'live';
  return 'connecting';
}

/** The words describe the streams only: whether a page's figures are live is for the page to
 *  say, since its reads can fail (a maintenance 503) while every stream is up. */
export const CONNECTION_LABELS = {
  unknown: 'No stream yet',
  connecting: 'Connecting',
  live: 'Streams connected',
  down: 'Disconnected',
} as const satisfies Record<ConnectionLevel, string>;

/** naive-ui theme colour names, so light and dark themes each pick their own shade. */
export const CONNECTION_TONES = {
  unknown: 'textColor3',
  connecting: 'warningColor',
  live: 'successColor',
  down: 'errorColor',
} as const satisfies Record<ConnectionLevel, string>;

/** A tooltip line per stream, e.g. "wallet: down (timeout)". */
export function describeStreams(reports: readonly StreamReport[]): string[] {
  return reports.map((report) => `${report.stream}: ${report.state}${report.detail ? ` (${report.detail})` : ''}`);
}
