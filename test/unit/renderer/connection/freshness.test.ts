// When a view may call itself live, and what it says when it may not.
import { beforeEach, describe, expect, it } from 'vitest';
import { setZone } from '../../../../renderer/src/modules/display/display-preferences';
import { clockTime, freshness, notLiveReason, staleNotice, type FreshnessFacts } from '../../../../renderer/src/modules/connection/freshness';

const at = Date.UTC(2026, 10, 27, 8, 41, 7);

beforeEach(() => setZone('utc'));
const facts = (changes: Partial<FreshnessFacts> = {}): FreshnessFacts => ({
  readAt: at, readError: null, sameLink: true, stream: { up: true }, ...changes,
});

describe('freshness', () => {
  it('is live only with data read over this link, no failed read since and its stream up', () => {
    expect(freshness(facts())).toEqual({ state: 'live', asOf: at });
    expect(freshness(facts({ readAt: null, readError: 'down' }))).toEqual({ state: 'empty' });
    expect(freshness(facts({ sameLink: false }))).toMatchObject({ state: 'stale', asOf: at, reason: 'the link to Coffer dropped since this was read' });
    expect(freshness(facts({ readError: 'The service is down for maintenance. (API_503)' }))).toMatchObject({
      state: 'stale', reason: 'reading it again failed: The service is down for maintenance. (API_503)',
    });
    expect(freshness(facts({ stream: { up: false, detail: 'timeout' } }))).toMatchObject({ state: 'stale', reason: 'the live updates stopped (timeout)' });
    expect(freshness(facts({ stream: { up: false, detail: null } }))).toMatchObject({ reason: 'the live updates stopped' });
  });

  it('lets a view without a stream count as live while its latest read succeeded', () => {
    expect(freshness(facts({ stream: null })).state).toBe('live');
    expect(freshness(facts({ stream: null, readError: 'down' })).state).toBe('stale');
  });

  it('says why actions are off, with the time of what is shown', () => {
    expect(notLiveReason({ state: 'live', asOf: at })).toBeNull();
    expect(notLiveReason({ state: 'empty' })).toBe('Not live: nothing has been read from the service yet.');
    expect(notLiveReason({ state: 'stale', asOf: at, reason: 'the live updates stopped' })).toBe(
      'Not live: the live updates stopped. Shown as of 08:41:07 UTC; actions that move money or change the account are off until fresh data arrives.',
    );
  });

  it('titles kept data with its time and says why in a sentence', () => {
    expect(staleNotice({ state: 'live', asOf: at })).toBeNull();
    expect(staleNotice({ state: 'empty' })).toBeNull();
    expect(staleNotice({ state: 'stale', asOf: at, reason: 'reading it again failed: down' })).toEqual({
      title: 'Not live — shown as of 08:41:07 UTC',
      body: 'Reading it again failed: down. Actions that move money or change the account are off until fresh data arrives.',
    });
  });

  it('writes the time as HH:MM:SS in the zone Settings chose, naming it', () => {
    expect(clockTime(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('03:04:05 UTC');
    expect(clockTime(Date.UTC(2026, 0, 2, 23, 59, 59))).toBe('23:59:59 UTC');
    setZone('local');
    expect(clockTime(new Date(2026, 0, 2, 23, 59, 59).getTime())).toMatch(/^23:59:59 \S+/);
  });
});
