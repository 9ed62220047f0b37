// The active profile's scope, opened on first use and replaced when the active profile (or its
// client) changes; and the per-profile handler sets of the domains, each run in the scope current
// at the time of the call.
import type { OperationName } from '../../../preload/contract';
import { AppFailure } from '../app-error';
import { failureFrom } from '../app-error';
import type { Handlers } from '../dispatch';
import { openScope, type OpenScope, type ProfileScope, type ScopeDeps } from './scope';
import type { ProfileSession } from './ports';

export interface ScopesDeps extends ScopeDeps {
  /** The active profile and its client; throws an AppFailure when no profile is active. */
  session(): Promise<ProfileSession>;
}

export interface Scopes {
  current(): Promise<ProfileScope>;
  /** Opens the active profile's scope now (streams, uncertain checks, deadline watch). */
  activate(): Promise<void>;
  close(): void;
}

export function createScopes(deps: ScopesDeps): Scopes {
  let open: (OpenScope & { session: ProfileSession }) | null = null;
  let closed = false;

  async function current(): Promise<ProfileScope> {
    const session = await deps.session();
    // Closed while the session was being found: opening now would start work on closed stores.
    if (closed) throw new AppFailure('CLOSED', 'Coffer is shutting down');
    if (open !== null && open.session.profile.id === session.profile.id && open.session.api === session.api) return open.scope;
    close();
    open = { ...openScope(session, deps), session };
    return open.scope;
  }

  function close(): void {
    open?.close();
    open = null;
  }

  return {
    current,
    activate: async () => void (await current()),
    close() {
      closed = true;
      close();
    },
  };
}

/** A domain's handlers, given the scope they act in. */
export type ScopedHandlers<K extends OperationName> = (scope: ProfileScope) => Pick<Handlers, K>;

/**
 * The domain's operations as handlers of the current scope. A failure to find the scope (no
 * active profile, no secret) or anything a handler throws comes back as a failed Result.
 */
export function perProfile<K extends OperationName>(scopes: Scopes, operations: Record<K, unknown>, handlersOf: ScopedHandlers<K>): Pick<Handlers, K> {
  const made = new WeakMap<ProfileScope, Pick<Handlers, K>>();
  const inScope = (scope: ProfileScope): Pick<Handlers, K> => {
    let handlers = made.get(scope);
    if (handlers === undefined) made.set(scope, (handlers = handlersOf(scope)));
    return handlers;
  };
  const entries = (Object.keys(operations) as K[]).map((op) => {
    const handler = async (request: unknown) => {
      try {
        const run = inScope(await scopes.current())[op] as (request: unknown) => ReturnType<Handlers[K]>;
        return await run(request);
      } catch (error) {
        return failureFrom(op, error);
      }
    };
    return [op, handler] as const;
  });
  return Object.fromEntries(entries) as unknown as Pick<Handlers, K>;
}
