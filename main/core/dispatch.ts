// The one entry point both transports call: validate the operation name and payload, run the
// handler, and return a Result whatever happens. Nothing thrown escapes, and no stack trace or
// secret crosses the contract: unexpected errors are logged here and reported generically.
import type { OperationName, RequestOf, Result, ResultOf } from '../../preload/contract';
import { isOperationName, parseRequest } from '../../preload/contract/requests';
import { failureFrom } from './app-error';
import { toAppFailure } from './session/api-failure';

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
      // A service failure a handler let through keeps its field in the contract's names too.
      return failureFrom(op, toAppFailure(error));
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
