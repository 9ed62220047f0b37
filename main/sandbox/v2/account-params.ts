// What the v2 account routes share: v2 parameter names in validation errors, and lookup of a
// transaction by its v2 id (the tx_id).
import type { SandboxContext } from '../context';
import type { TxRow } from '../db/transactions';
import { ServiceError } from '../http/errors';
import type { RouteHandler, RouteRegistry } from '../http/route';
import { transactionNotFound } from '../wallet/withdraw';

const SNAKE_PARAM = /^([a-z]+(?:_[a-z]+)+):/;

/** A 10001 raised by shared domain code names the v3 parameter (payment_id); v2 calls it paymentId. */
function inV2Names(error: unknown): unknown {
  if (!(error instanceof ServiceError) || error.code !== 10001 || error.description === undefined) return error;
  const match = SNAKE_PARAM.exec(error.description);
  if (!match) return error;
  const camel = (match[1] as string).replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return new ServiceError(error.status, error.code, error.message, camel + error.description.slice(match[1]?.length));
}

/** Registers through `routes`, rewriting parameter names of validation errors to v2's camelCase. */
export function v2Registry(routes: RouteRegistry): RouteRegistry {
  return {
    add(method, pattern, right, handler) {
      const wrapped: RouteHandler = (r) => {
        try {
          const result = handler(r);
          return result instanceof Promise ? result.catch((error: unknown) => { throw inV2Names(error); }) : result;
        } catch (error) {
          throw inV2Names(error);
        }
      };
      routes.add(method, pattern, right, wrapped);
    },
  };
}

/** The caller's transaction with this v2 id; 10001 (id) when there is none. */
export function transactionByV2Id(ctx: SandboxContext, accountId: number, id: string): TxRow {
  const row = ctx.transactions.getByTxId(accountId, id);
  if (!row) throw transactionNotFound(id);
  return row;
}

/** The v2 id of a transaction just written. */
export function v2IdOf(ctx: SandboxContext, id: number): string {
  const row = ctx.transactions.get(id);
  if (!row) throw new ServiceError(500, 500, 'Internal Server Error', `transaction ${id} vanished`);
  return row.tx_id;
}
