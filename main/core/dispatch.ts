// The one entry point both transports call: validate the operation name and payload, run the
// handler, and return a Result whatever happens. Nothing thrown escapes, and no stack trace or
// secret crosses the contract: unexpected errors are logged here and reported generically.
import type { OperationName, RequestOf, Result, ResultOf } from '../../preload/contract';
import { isOperationName, parseRequest } from '../../preload/contract/requests';
import { isCancelled } from '../exchange/cancellation';
import { AppFailure, CANCELLED } from './app-error';

export type Handlers = {
  [K in OperationName]: (request: RequestOf<K>) => Promise<Result<ResultOf<K>>>;
};

export type Dispatch = (op: string, request: unknown) => Promise<Result<unknown>>;

export function createDispatch(handlers: Handlers): Dispatch {
  return async (op, request) => {
    if (!isOperationName(op)) {
      return { ok: false, error: { code: 'UNKNOWN_OPERATION', message: 'Unknown operation', field: 'op' } };
    }
    try {
      return await runOperation(handlers, op, request);
    } catch (error) {
      return failureFrom(op, error);
    }
  };
}

async function runOperation<K extends OperationName>(
  handlers: Handlers,
  op: K,
  request: unknown,
): Promise<Result<unknown>> {
  // Parsing runs every refine of the schema: inside the boundary like the handler.
  const parsed = parseRequest(op, request);
  if (!parsed.ok) return parsed;
  const handler: Handlers[K] = handlers[op];
  return handler(parsed.value);
}

/** Thrown AppFailures become their own Result; anything else is logged here and hidden. */
export function failureFrom(op: string, error: unknown): Result<never> {
  if (error instanceof AppFailure) {
    const { code, message, field } = error;
    return { ok: false, error: field === undefined ? { code, message } : { code, message, field } };
  }
  // A read nobody waits for any more, dropped before it was sent: expected, not worth a log line.
  if (isCancelled(error)) return { ok: false, error: { code: CANCELLED, message: error.message } };
  // The log stays in main; secrets never enter an Error (they go straight to the keychain).
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
  console.error(`[dispatch] ${op} failed unexpectedly: ${detail}`);
  return { ok: false, error: { code: 'INTERNAL', message: `Coffer could not complete ${op}; see the log for details` } };
}
