// startSandbox: the whole service on loopback, with the market simulator, its public REST routes
// and the public stream plugged into the account side (server-core.ts).
import type { RunningSandbox, SandboxOptions } from './options';
import { createMarket } from './market';
import { registerPublicRoutes } from './routes/public';
import { buildSandbox, type PublicSide } from './server-core';
import { createPublicStream } from './stream/public';

export function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;
  return buildSandbox(options, (clock, seed, light): PublicSide => {
    const market = createMarket({ seed, clock, light });
    return {
      market,
      registerRoutes: (routes) => registerPublicRoutes(routes, market),
      createStream: (allowMessage) => createPublicStream({ market, clock, pingIntervalMs, allowMessage }),
    };
  });
}
