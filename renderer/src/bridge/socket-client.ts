// The web host's half of the bridge: the contract carried over one loopback WebSocket
// (wire format in preload/contract/wire.ts). Calls get ids and resolve with the host's Result;
// events fan out to listeners; the socket reconnects with backoff when it drops.
// Calls made while the socket is down wait and are sent once it opens. A call already sent when
// the socket drops fails as CONNECTION_LOST and is never re-sent: its outcome is unknown.
import type { EventName, Events, OperationName, Result } from '../../../preload/contract';
import type { WireCall, WireFromHost } from '../../../preload/contract/wire';
import { parseWireMessage } from './wire-parse';

export type TransportState =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'ready' }
  /** Was ready, dropped; reconnecting: `attempt` is the try under way or waiting for its turn (1 is the first since the drop). */
  | { kind: 'reconnecting'; attempt: number }
  /** Never opened (the host is not running, or it refused the socket at the handshake): `attempt` tries have failed. */
  | { kind: 'unreachable'; attempt: number }
  /** The host accepted the connection then refused the token (close code 4401/4403/1008). */
  | { kind: 'refused'; reason: string }
  | { kind: 'no-token' };

/** An open-or-opening socket, as the client needs it (bridge.ts adapts the browser's WebSocket). */
export interface SocketLike {
  isOpen(): boolean;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** What the socket reports back to the client. */
export interface SocketHandlers {
  open(): void;
  message(data: unknown): void;
  close(code: number, reason: string): void;
}

export interface SocketClientOptions {
  url: string;
  createSocket: (url: string, handlers: SocketHandlers) => SocketLike;
  /** Delay before reconnect attempt n (1-based). */
  backoffMs?: (attempt: number) => number;
}

export interface SocketClient {
  call(op: OperationName, request: unknown): Promise<Result<unknown>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
  state(): TransportState;
  onState(listener: (state: TransportState) => void): () => void;
  close(): void;
}

const REFUSAL_CODES: ReadonlySet<number> = new Set([1008, 4401, 4403]);

export const defaultBackoff = (attempt: number): number => Math.min(250 * 2 ** (attempt - 1), 5_000);

interface PendingCall {
  resolve: (result: Result<unknown>) => void;
  sent: boolean;
  frame: WireCall;
}

export function createSocketClient(options: SocketClientOptions): SocketClient {
  const backoff = options.backoffMs ?? defaultBackoff;
  const pending = new Map<number, PendingCall>();
  const eventListeners = new Map<EventName, Set<(payload: never) => void>>();
  const stateListeners = new Set<(state: TransportState) => void>();
  let current: TransportState = { kind: 'connecting', attempt: 1 };
  let socket: SocketLike | null = null;
  let everOpened = false;
  /** Tries made since the last open (or since the start). */
  let attempt = 0;
  let nextId = 1;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  function setState(state: TransportState): void {
    current = state;
    for (const listener of stateListeners) listener(state);
  }

  function sendWaiting(): void {
    for (const call of pending.values()) {
      if (call.sent || !socket?.isOpen()) continue;
      socket.send(JSON.stringify(call.frame));
      call.sent = true;
    }
  }

  function failSentCalls(): void {
    for (const [id, call] of pending) {
      if (!call.sent) continue;
      pending.delete(id);
      call.resolve({
        ok: false,
        error: { code: 'CONNECTION_LOST', message: 'The connection to Coffer dropped before the answer arrived; the outcome is unknown.' },
      });
    }
  }

  function deliver(message: WireFromHost): void {
    if (message.type === 'result') {
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      call.resolve(message.result);
      return;
    }
    for (const listener of eventListeners.get(message.event) ?? []) listener(message.payload as never);
  }

  function onOpen(): void {
    attempt = 0;
    everOpened = true;
    setState({ kind: 'ready' });
    sendWaiting();
  }

  function onClose(ws: SocketLike, code: number, reason: string): void {
    if (socket !== ws) return;
    socket = null;
    failSentCalls();
    if (closed) return;
    if (REFUSAL_CODES.has(code)) {
      setState({ kind: 'refused', reason: reason || 'The access token was refused.' });
      return;
    }
    // Once it has been open the page says which try it is on: the next one, already counted here.
    setState(everOpened ? { kind: 'reconnecting', attempt: attempt + 1 } : { kind: 'unreachable', attempt });
    retryTimer = setTimeout(connect, backoff(attempt));
  }

  function connect(): void {
    attempt += 1;
    const ws: SocketLike = options.createSocket(options.url, {
      open: onOpen,
      message: (data) => {
        const message = parseWireMessage(data);
        if (message) deliver(message);
      },
      close: (code, reason) => onClose(ws, code, reason),
    });
    socket = ws;
  }

  connect();

  return {
    call(op, request) {
      return new Promise((resolve) => {
        const id = nextId++;
        const frame: WireCall = request === undefined ? { type: 'call', id, op } : { type: 'call', id, op, request };
        pending.set(id, { resolve, sent: false, frame });
        sendWaiting();
      });
    },
    on(event, listener) {
      const listeners = eventListeners.get(event) ?? new Set();
      eventListeners.set(event, listeners);
      listeners.add(listener as (payload: never) => void);
      return () => listeners.delete(listener as (payload: never) => void);
    },
    state: () => current,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      socket?.close(1000, 'closed by the page');
      socket = null;
      failSentCalls();
    },
  };
}
