// Version 2 names over the version 3 buy-crypto handlers: the request's camelCase parameters are
// renamed to the version 3 names before the handler reads them, a validation error names the
// parameter the version 2 caller sent, and the reply's keys are written in camelCase. One set of
// rules then serves both versions, so an order placed through either is the same order.
import { ServiceError } from '../http/errors';
import type { RouteContext, RouteHandler } from '../http/route';

/** Version 2 parameter → version 3 parameter, for the names that differ. */
const V3_NAME_OF: Readonly<Record<string, string>> = {
  providerId: 'provider_id', sourceAmount: 'source_amount', targetAmount: 'target_amount',
  paymentMethodId: 'payment_method_id', targetNetworkCode: 'target_network_code', sourceCode: 'source_code',
  targetCode: 'target_code', walletAddress: 'wallet_address',
};
const V2_NAME_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(V3_NAME_OF).map(([v2, v3]) => [v3, v2]));

function renamed(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [V3_NAME_OF[name] ?? name, value]));
}

function withV3Names(r: RouteContext): RouteContext {
  const query = new URLSearchParams([...r.query].map(([name, value]): [string, string] => [V3_NAME_OF[name] ?? name, value]));
  return { ...r, query, body: renamed(r.body) };
}

/** A 10001 of the version 3 handler, naming the parameter as the version 2 caller knows it. */
function inV2Names(error: unknown): unknown {
  if (!(error instanceof ServiceError) || error.code !== 10001 || error.description === undefined) return error;
  const colon = error.description.indexOf(':');
  const name = colon < 0 ? undefined : V2_NAME_OF[error.description.slice(0, colon)];
  return name === undefined ? error : new ServiceError(error.status, error.code, error.message, name + error.description.slice(colon));
}

const camel = (snake: string): string => snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** Every key of `value` (nested) in camelCase; `special` names the keys version 2 spells otherwise (logoURL). */
export function camelKeys(value: unknown, special: Readonly<Record<string, string>> = {}): unknown {
  if (Array.isArray(value)) return value.map((item) => camelKeys(item, special));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [special[key] ?? camel(key), camelKeys(item, special)]));
}

/** The version 3 handler answering a version 2 request. */
export function asV2(handler: RouteHandler, special: Readonly<Record<string, string>> = {}): RouteHandler {
  return async (r) => {
    try {
      return camelKeys(await handler(withV3Names(r)), special);
    } catch (error) {
      throw inV2Names(error);
    }
  };
}
