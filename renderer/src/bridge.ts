// The one place that knows which transport carries the contract. In Electron the preload exposes
// `window.coffer`; in a browser the web host serves the contract over a loopback WebSocket.
// Everything else in the renderer gets a CofferApi and a transport state, nothing more.
import type { CofferApi } from '../../preload/contract';
import { WIRE_PATH } from '../../preload/contract/wire';
import {
  createSocketClient,
  type SocketClient,
  type SocketHandlers,
  type SocketLike,
  type TransportState,
} from './bridge/socket-client';
import { RENDERER_OPERATION_NAMES } from './bridge/contract-names';
import { httpReviewFileSender, type ReviewFileSender } from './bridge/file-upload';
import { contractSocketUrl, reloadOnNewToken, takeHostToken } from './bridge/token';

export type { TransportState } from './bridge/socket-client';
export type { ReviewFileSender } from './bridge/file-upload';

export interface Bridge {
  api: CofferApi;
  state(): TransportState;
  onState(listener: (state: TransportState) => void): () => void;
  /** The web host's upload of a file for review; absent in Electron, where main reads the file itself. */
  sendReviewFile?: ReviewFileSender;
}

declare global {
  interface Window {
    /** Present only in Electron, put there by preload/index.ts. */
    coffer?: CofferApi;
  }
}

/** Build the bridge for this page. Call once, before the router reads the hash. */
export function connectBridge(win: Window = window): Bridge {
  if (win.coffer) return electronBridge(win.coffer);
  const token = takeHostToken({ location: win.location, history: win.history, storage: win.sessionStorage });
  reloadOnNewToken(win);
  if (!token) return tokenlessBridge();
  const client = createSocketClient({
    url: contractSocketUrl(win.location, WIRE_PATH, token),
    createSocket: browserSocket,
  });
  return { api: socketApi(client), state: client.state, onState: client.onState, sendReviewFile: httpReviewFileSender(token) };
}

/** The browser's WebSocket behind the client's small socket interface. */
function browserSocket(url: string, handlers: SocketHandlers): SocketLike {
  const ws = new WebSocket(url);
  ws.onopen = () => handlers.open();
  ws.onmessage = (event) => handlers.message(event.data);
  ws.onclose = (event) => handlers.close(event.code, event.reason);
  return {
    isOpen: () => ws.readyState === WebSocket.OPEN,
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
  };
}

function electronBridge(api: CofferApi): Bridge {
  const ready: TransportState = { kind: 'ready' };
  return { api, state: () => ready, onState: () => () => undefined };
}

function tokenlessBridge(): Bridge {
  const noToken: TransportState = { kind: 'no-token' };
  const client: SocketClient = {
    call: async () => ({ ok: false, error: { code: 'NO_TOKEN', message: 'This page was opened without its access token.' } }),
    on: () => () => undefined,
    state: () => noToken,
    onState: () => () => undefined,
    close: () => undefined,
  };
  return { api: socketApi(client), state: client.state, onState: client.onState };
}

/** One named method per operation, each carried as a call on the socket. */
function socketApi(client: SocketClient): CofferApi {
  const methods = Object.fromEntries(
    RENDERER_OPERATION_NAMES.map((op) => [op, (request?: unknown) => client.call(op, request)]),
  );
  // Parse edge: the host answers each op with that op's Result (checked in wire-parse.ts).
  return { ...methods, on: client.on } as unknown as CofferApi;
}
