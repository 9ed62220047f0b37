// Version 2 streams (api-v2.md): JSON-RPC 2.0 at /api/2/ws/public, /trading, /account and the
// deprecated single /api/2/ws.
import type { SandboxContext } from '../../context';
import type { Market } from '../../market';
import type { StreamEndpoint } from '../endpoint';
import type { SpotEngine } from '../../spot/engine';
import type { LimitPolicy } from '../../limits/policy';

export interface V2StreamDeps {
  ctx: SandboxContext;
  engine: SpotEngine;
  market: Market | null;
  limits: LimitPolicy;
  pingIntervalMs: number;
  accountActive(accountId: number): boolean;
}

export function createV2Streams(_deps: V2StreamDeps): Record<string, StreamEndpoint> {
  return {};
}
