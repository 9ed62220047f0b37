// Version 3 session calls: priority, the service's clock as the transport learned it, closing.
import type { SessionCalls } from '../calls/session';
import type { Priority } from '../limiter';
import type { V3Calls } from './calls';

/** `withPriority` rebuilds the whole API, so the adapter that composes it passes that in. */
export const sessionCallsV3 = <Api>(calls: V3Calls, withPriority: (priority: Priority) => Api) => ({
  withPriority,
  serviceNow: () => calls.transport.clock.now(),
  close: () => calls.transport.close(),
}) satisfies SessionCalls<Api>;
