// One authenticated contract socket: each WireCall goes through the call gate to dispatch and is
// answered with a WireResult of the same id; malformed messages get a VALIDATION result instead
// of silence. The socket is one window to the gate: when it closes, its waiting reads are dropped.
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Result } from '../../preload/contract';
import type { WireFromHost } from '../../preload/contract/wire';
import type { CallGate } from '../core/call-gate';
import type { Dispatch } from '../core/dispatch';

const wireCallSchema = z.object({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  op: z.string().min(1),
  request: z.unknown().optional(),
});

/** The id answered when a message is too broken to carry its own. */
export const UNKNOWN_CALL_ID = -1;

export function attachWireSession(socket: WebSocket, gate: CallGate): void {
  const connection = gate.connect();
  socket.on('close', () => connection.close());
  socket.on('message', (data, isBinary) => {
    void answer(socket, connection.dispatch, isBinary ? null : data.toString());
  });
}

async function answer(socket: WebSocket, dispatch: Dispatch, text: string | null): Promise<void> {
  const call = parseCall(text);
  const result: Result<unknown> = call.ok ? await dispatch(call.value.op, call.value.request) : call;
  const id = call.ok ? call.value.id : idOf(text);
  send(socket, { type: 'result', id, result });
}

export function send(socket: WebSocket, message: WireFromHost): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function parseCall(text: string | null): Result<z.infer<typeof wireCallSchema>> {
  if (text === null) return invalid('Binary messages are not part of the contract');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return invalid('The message is not JSON');
  }
  const parsed = wireCallSchema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const field = parsed.error.issues[0]?.path.map(String).join('.') || 'message';
  return invalid(`Malformed call: ${field} is missing or invalid`, field);
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
