// Parse edge of the web transport: a frame from the host is trusted only after its shape is
// checked. The payload types come from the contract; main validated them before sending.
import type { Result } from '../../../preload/contract';
import type { WireFromHost } from '../../../preload/contract/wire';
import { isEventName } from './contract-names';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function isResult(value: unknown): value is Result<unknown> {
  if (!isObject(value)) return false;
  // An operation that answers nothing (closeReview, stopConversionQuote) arrives as {ok: true}:
  // JSON drops an undefined value. Dropping that frame would leave its call waiting for ever.
  if (value.ok === true) return true;
  if (value.ok !== false || !isObject(value.error)) return false;
  return typeof value.error.code === 'string' && typeof value.error.message === 'string';
}

/** The message the host sent, or null when the frame is not one (ignored, never thrown). */
export function parseWireMessage(data: unknown): WireFromHost | null {
  if (typeof data !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(message)) return null;
  if (message.type === 'result' && typeof message.id === 'number' && isResult(message.result)) {
    return { type: 'result', id: message.id, result: message.result };
  }
  if (message.type === 'event' && isEventName(message.event) && 'payload' in message) {
    // The payload's shape is the contract's; the host built it from typed code.
    return { type: 'event', event: message.event, payload: message.payload as never };
  }
  return null;
}
