// followStreamStates keeps the latest report per profile and stream, for pages that open late.
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../../main/core/events';
import { followStreamStates } from '../../../main/core/stream-states';

describe('stream states', () => {
  it('answers the latest state of each stream, and stops following when told', async () => {
    const events = createEventBus();
    const states = followStreamStates(events);
    expect(await states.handlers.listStreamStates(undefined)).toEqual({ ok: true, value: [] });
    events.emit('connectionState', { profileId: 'a', stream: 'wallet', state: 'connecting' });
    events.emit('connectionState', { profileId: 'a', stream: 'trading', state: 'live' });
    events.emit('connectionState', { profileId: 'a', stream: 'wallet', state: 'live' });
    events.emit('connectionState', { profileId: 'b', stream: 'wallet', state: 'down', detail: 'timeout' });
    events.emit('profilesChanged', { activeProfileId: 'a' });
    expect(await states.handlers.listStreamStates(undefined)).toEqual({
      ok: true,
      value: [
        { profileId: 'a', stream: 'wallet', state: 'live' },
        { profileId: 'a', stream: 'trading', state: 'live' },
        { profileId: 'b', stream: 'wallet', state: 'down', detail: 'timeout' },
      ],
    });
    states.stop();
    events.emit('connectionState', { profileId: 'a', stream: 'wallet', state: 'down' });
    const after = await states.handlers.listStreamStates(undefined);
    expect(after.ok && after.value[0]?.state).toBe('live');
  });
});
