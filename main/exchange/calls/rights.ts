// What the key may do.
import type { RightsProbe } from '../domain';

export interface RightsCalls {
  /** Which rights the key holds, found with read-only calls. */
  probeRights(): Promise<RightsProbe>;
}
