// The web host's wire format: the contract carried over one loopback WebSocket.
// URL: ws://127.0.0.1:<port>/contract?token=<per-launch token>. The page learns the token from
// its own URL fragment (http://127.0.0.1:<port>/#token=<token>), which browsers never send.
import type { EventName, Events, OperationName, Result } from '../contract';

export const WIRE_PATH = '/contract';

export interface WireCall {
  type: 'call';
  id: number;
  op: OperationName;
  request?: unknown;
}

export interface WireResult {
  type: 'result';
  id: number;
  result: Result<unknown>;
}

export interface WireEvent<E extends EventName = EventName> {
  type: 'event';
  event: E;
  payload: Events[E];
}

export type WireFromHost = WireResult | WireEvent;
