// For specs whose subject is a composable's own logic — what it does with main's answers and
// events — not the transport: a bridge whose operations answer from the spec's handlers (an
// operation the spec did not expect fails the test) and whose events the spec pushes, and a setup
// that runs the composable inside an app with Pinia and that bridge, as a component would.
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { createApp, effectScope } from 'vue';
import type { CofferApi, EventName, Events, OperationName, RequestOf, Result, ResultOf } from '../../../preload/contract';
import type { Bridge, TransportState } from '../../../renderer/src/bridge';
import { BRIDGE_KEY } from '../../../renderer/src/bridge-key';
import { useConnectionStore } from '../../../renderer/src/modules/connection/connection-store';

export type Answers = {
  [K in OperationName]?: (request: RequestOf<K>) => Result<ResultOf<K>> | Promise<Result<ResultOf<K>>>;
};

export interface FakeBridge {
  bridge: Bridge;
  /** Every operation called, in order, with its request. */
  calls: { op: OperationName; request: unknown }[];
  /** Pushes an event to every listener, as main does. */
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  /** How many listeners the event has now: a composable's subscription ends with its scope. */
  listenerCount(event: EventName): number;
  /** Replaces (or adds) the handler of one operation. */
  answer<K extends OperationName>(op: K, handler: NonNullable<Answers[K]>): void;
  /** The link to main changes, as the transport reports it. */
  setTransport(state: TransportState): void;
}

export function fakeBridge(answers: Answers = {}, initial: TransportState = { kind: 'ready' }): FakeBridge {
  const handlers: Answers = { ...answers };
  let transport = initial;
  const stateListeners = new Set<(state: TransportState) => void>();
  const calls: FakeBridge['calls'] = [];
  const listeners = new Map<string, Set<(payload: never) => void>>();

  const api = new Proxy({} as CofferApi, {
    get(_target, name: string) {
      if (name === 'on') {
        return (event: string, listener: (payload: never) => void) => {
          const set = listeners.get(event) ?? new Set();
          set.add(listener);
          listeners.set(event, set);
          return () => set.delete(listener);
        };
      }
      return async (request: unknown) => {
        calls.push({ op: name as OperationName, request });
        const handler = handlers[name as OperationName] as ((request: unknown) => unknown) | undefined;
        if (!handler) throw new Error(`unexpected call: ${name}`);
        return handler(request);
      };
    },
  });

  return {
    bridge: {
      api,
      state: () => transport,
      onState: (listener) => {
        stateListeners.add(listener);
        return () => stateListeners.delete(listener);
      },
    },
    calls,
    emit(event, payload) {
      listeners.get(event)?.forEach((listener) => (listener as (payload: unknown) => void)(payload));
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    answer(op, handler) {
      (handlers as Record<string, unknown>)[op] = handler;
    },
    setTransport(state) {
      transport = state;
      stateListeners.forEach((listener) => listener(state));
    },
  };
}

export interface Mounted<T> {
  result: T;
  pinia: Pinia;
  /** Ends the composable's scope, as unmounting its component would. */
  stop(): void;
}

/** Runs `setup` as a component's setup would: with a fresh Pinia, the bridge provided and its
 *  link state in the connection store (as the app shell keeps it). `before` fills stores first. */
export function withSetup<T>(bridge: Bridge, setup: () => T, before: () => void = () => undefined): Mounted<T> {
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia);
  setActivePinia(pinia);
  app.provide(BRIDGE_KEY, bridge);
  useConnectionStore().setTransport(bridge.state());
  before();
  const scope = effectScope();
  const result = app.runWithContext(() => scope.run(setup)) as T;
  return { result, pinia, stop: () => scope.stop() };
}

/** Lets pending promises and watchers run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
