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
  /** JSON or form-encoded body (empty object when none). */
  body: Record<string, unknown>;
  /** The caller's key; null on public routes. */
  key: AuthenticatedKey | null;
  ip: string;
  clock: SandboxClock;
}

/** Returns the JSON body of a 200 reply, or throws a ServiceError. */
export type RouteHandler = (ctx: RouteContext) => unknown | Promise<unknown>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteRegistry {
  /** pattern like '/api/3/public/ticker/:symbol'; right null = public (no auth). */
  add(method: HttpMethod, pattern: string, right: KeyRight | null, handler: RouteHandler): void;
}
