// The events main pushes to the renderer. Core emits them here; each transport subscribes once
// and forwards them (IPC to the window, the web host to every authenticated socket).
import type { EventName, Events } from '../../preload/contract';

export type EventListener = <E extends EventName>(event: E, payload: Events[E]) => void;

export interface EventBus {
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  /** Subscribe to every event; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      for (const listener of listeners) {
        try {
          listener(event, payload);
        } catch (error) {
          // One broken transport must not stop the others from hearing the event.
          console.error(`[events] listener for ${event} failed:`, error instanceof Error ? error.message : error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
