// One authenticated contract socket: each WireCall goes through the call gate to dispatch and is
// answered with a WireResult of the same id; malformed messages get a VALIDATION result instead
// of silence. The socket is one window to the gate: when it closes, its waiting reads are dropped.
// The envelope is checked by hand, not with the contract's schemas: the host reads this file before
// it listens, and the schemas' library is loaded with the core, after the URL is printed.
import type { WebSocket } from 'ws';
import type { Result } from '../../preload/contract';
import type { WireFromHost } from '../../preload/contract/wire';
import { failureFrom } from '../core/app-error';
import type { GateConnection } from '../core/call-gate';
import type { Dispatch } from '../core/dispatch';

interface WireCall {
  id: number;
  op: string;
  request?: unknown;
}

/** The id answered when a message is too broken to carry its own. */
export const UNKNOWN_CALL_ID = -1;

export function attachWireSession(socket: WebSocket, gate: { connect(): GateConnection }): void {
  const connection = gate.connect();
  socket.on('close', () => connection.close());
  socket.on('message', (data, isBinary) => {
    // Only the second send of an answer can still throw: logged, with nobody left to tell.
    answer(socket, connection.dispatch, isBinary ? null : data.toString()).catch((error: unknown) => failureFrom('the call', error));
  });
}

/** Every call is answered, whatever goes wrong on the way: a rejection here would be nobody's to catch. */
async function answer(socket: WebSocket, dispatch: Dispatch, text: string | null): Promise<void> {
  const call = parseCall(text);
  const id = call.ok ? call.value.id : idOf(text);
  const op = call.ok ? call.value.op : 'the call';
  let result: Result<unknown>;
  try {
    result = call.ok ? await dispatch(call.value.op, call.value.request) : call;
  } catch (error) {
    result = failureFrom(op, error);
  }
  try {
    send(socket, { type: 'result', id, result });
  } catch (error) {
    // An answer with no JSON form (a cycle, a BigInt): the caller still hears back.
    send(socket, { type: 'result', id, result: failureFrom(op, error) });
  }
}

export function send(socket: WebSocket, message: WireFromHost): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function parseCall(text: string | null): Result<WireCall> {
  if (text === null) return invalid('Binary messages are not part of the contract');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return invalid('The message is not JSON');
  }
  const field = malformedField(json);
  if (field !== null) return invalid(`Malformed call: ${field} is missing or invalid`, field);
  const call = json as WireCall;
  return { ok: true, value: call.request === undefined ? { id: call.id, op: call.op } : { id: call.id, op: call.op, request: call.request } };
}

/** The first field of the envelope that is wrong (checked in the order type, id, op), or null. */
function malformedField(json: unknown): string | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'message';
  const call = json as Record<string, unknown>;
  if (call.type !== 'call') return 'type';
  if (typeof call.id !== 'number' || !Number.isInteger(call.id) || call.id < 0) return 'id';
  if (typeof call.op !== 'string' || call.op.length === 0) return 'op';
  return null;
}

function idOf(text: string | null): number {
  try {
    const json: unknown = JSON.parse(text ?? '');
    if (typeof json === 'object' && json !== null && 'id' in json && Number.isSafeInteger(json.id)) {
      return Number(json.id);
    }
  } catch {
    // fall through
  }
  return UNKNOWN_CALL_ID;
}

const invalid = (message: string, field?: string): Result<never> => ({
  ok: false,
  error: field === undefined ? { code: 'VALIDATION', message } : { code: 'VALIDATION', message, field },
});
