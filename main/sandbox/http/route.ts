// How a part of the sandbox registers REST routes (implemented by http/router.ts).
import type { SandboxClock } from '../clock';
import type { KeyRight } from '../auth/rights';

export interface AuthenticatedKey {
  accountId: number;
  apiKey: string;
  rights: readonly KeyRight[];
}

export interface RouteContext {
  method: string;
  /** Path without the query, as received. */
  path: string;
  /** Values of `:name` segments of the route pattern. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** JSON or form-encoded body (empty object when none, or when the body is a JSON array). */
  body: Record<string, unknown>;
  /** The body as parsed, arrays included (POST /wallet/crypto/fees/estimate takes an array). */
  bodyValue?: unknown;
  /** The caller's key; null on public routes. */
  key: AuthenticatedKey | null;
  ip: string;
  clock: SandboxClock;
}

/** Returns the JSON body of a 200 reply (a value, or EncodedJson), or throws a ServiceError. */
export type RouteHandler = (ctx: RouteContext) => unknown | Promise<unknown>;

/** A reply body already written as UTF-8 JSON: sent as it is, not serialized again. */
export class EncodedJson {
  constructor(readonly bytes: Buffer) {}
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A key right, ANY_KEY (authenticated, no particular right) or null (public, no auth). */
export const ANY_KEY = 'ANY' as const;
export type RouteRight = KeyRight | typeof ANY_KEY | null;

export interface RouteRegistry {
  /** pattern like '/api/3/public/ticker/:symbol'; right null = public (no auth). */
  add(method: HttpMethod, pattern: string, right: RouteRight, handler: RouteHandler): void;
}
