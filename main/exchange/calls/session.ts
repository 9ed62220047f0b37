// The connection itself rather than any one domain: call priority, the service's clock, closing.
import type { Priority } from '../limiter';

/** `Api` is the whole composed API, so a re-prioritised copy keeps every domain's calls. */
export interface SessionCalls<Api> {
  /** The same API whose calls queue behind user-initiated ones (background sync). */
  withPriority(priority: Priority): Api;
  /** The service's time in ms, as learned from its replies. */
  serviceNow(): number;
  close(): void;
}
