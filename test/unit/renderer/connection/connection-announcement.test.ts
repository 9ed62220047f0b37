// What a screen reader is told when the connection changes by itself.
import { describe, expect, it } from 'vitest';
import { linkAnnouncement, streamAnnouncement } from '../../../../renderer/src/modules/connection/connection-announcement';

describe('linkAnnouncement', () => {
  it('says a lost link at once and its return politely; the first connection says nothing', () => {
    expect(linkAnnouncement('ready', 'reconnecting')).toMatchObject({ politeness: 'assertive' });
    expect(linkAnnouncement('reconnecting', 'ready')).toMatchObject({ politeness: 'polite', text: 'Connection to Coffer is back.' });
    expect(linkAnnouncement('connecting', 'ready')).toBeNull();
    expect(linkAnnouncement('reconnecting', 'unreachable')).toBeNull();
    expect(linkAnnouncement('ready', 'ready')).toBeNull();
  });
});

describe('streamAnnouncement', () => {
  it('says streams going down at once and coming back politely, and nothing on the way up', () => {
    expect(streamAnnouncement('live', 'down')).toMatchObject({ politeness: 'assertive' });
    expect(streamAnnouncement('connecting', 'down')).toMatchObject({ politeness: 'assertive' });
    expect(streamAnnouncement('down', 'live')).toMatchObject({ politeness: 'polite' });
    expect(streamAnnouncement('unknown', 'connecting')).toBeNull();
    expect(streamAnnouncement('connecting', 'live')).toBeNull();
    expect(streamAnnouncement('down', 'down')).toBeNull();
  });
});
