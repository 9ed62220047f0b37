// The latest connection state of each stream, per profile. Events tell a page what changes after it
// has loaded; a page that opens (or reconnects) later asks for the current picture here.
import type { StreamState } from '../../preload/contract';
import { ok } from '../../preload/contract/result';
import type { Handlers } from './dispatch';
import type { EventBus } from './events';

export interface StreamStates {
  handlers: Pick<Handlers, 'listStreamStates'>;
  /** Stops following the event bus. */
  stop(): void;
}

export function followStreamStates(events: Pick<EventBus, 'subscribe'>): StreamStates {
  const latest = new Map<string, StreamState>();
  const stop = events.subscribe((event, payload) => {
    if (event !== 'connectionState') return;
    const state = payload as StreamState;
    latest.set(`${state.profileId}\u0000${state.stream}`, state);
  });
  return {
    handlers: { listStreamStates: async () => ok([...latest.values()]) },
    stop,
  };
}
