// Small pure pieces of the shell: connection summary, theme choice, transport notices.
import { describe, expect, it } from 'vitest';
import { describeStreams, summarizeStreams } from '../../../renderer/src/modules/connection/connection-summary';
import type { StreamReport } from '../../../renderer/src/modules/connection/connection-store';
import { transportNotice } from '../../../renderer/src/modules/connection/transport-message';
import { otherTheme, parseThemePreference, resolveTheme } from '../../../renderer/src/modules/theme/theme-preference';

const report = (stream: string, state: StreamReport['state'], detail?: string): StreamReport =>
  detail === undefined ? { profileId: 'p', stream, state } : { profileId: 'p', stream, state, detail };

describe('summarizeStreams', () => {
  it('is unknown with no reports, down if any stream is down, live only when all are live', () => {
    expect(summarizeStreams([])).toBe('unknown');
    expect(summarizeStreams([report('wallet', 'live'), report('trading', 'down')])).toBe('down');
    expect(summarizeStreams([report('wallet', 'live'), report('trading', 'connecting')])).toBe('connecting');
    expect(summarizeStreams([report('wallet', 'live'), report('trading', 'live')])).toBe('live');
  });

  it('describes each stream with its detail', () => {
    expect(describeStreams([report('wallet', 'down', 'timeout'), report('public', 'live')])).toEqual([
      'wallet: down (timeout)',
      'public: live',
    ]);
  });
});

describe('theme preference', () => {
  it('honours only known stored values and otherwise follows the OS', () => {
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('purple')).toBeNull();
    expect(parseThemePreference(null)).toBeNull();
    expect(resolveTheme(null, 'dark')).toBe('dark');
    expect(resolveTheme(null, null)).toBe('light');
    expect(resolveTheme('light', 'dark')).toBe('light');
    expect(otherTheme('light')).toBe('dark');
  });
});

describe('transportNotice', () => {
  it('says nothing when ready and explains every other state', () => {
    expect(transportNotice({ kind: 'ready' }, 'h:1')).toBeNull();
    expect(transportNotice({ kind: 'no-token' }, 'h:1')).toMatchObject({ tone: 'error', retrying: false, title: 'This page needs its access link' });
    expect(transportNotice({ kind: 'refused', reason: 'Bad token.' }, 'h:1')?.detail).toMatch(/^Bad token\. Start Coffer again/);
    expect(transportNotice({ kind: 'unreachable', attempt: 2 }, 'h:1')).toMatchObject({ tone: 'error', retrying: true });
    expect(transportNotice({ kind: 'reconnecting', attempt: 3 }, 'h:1')?.detail).toContain('attempt 3');
  });
});
