// Version 2 of the service (api-v2.md): REST under /api/2 over the same accounts, balances and
// transactions as /api/3, so one account is seen through both versions.
import type { SandboxContext } from '../context';
import type { RouteRegistry } from '../http/route';
import type { Market } from '../market';
import type { SpotEngine } from '../spot/engine';
import { registerV2AccountRoutes } from './account';
import { registerV2BuyCryptoRoutes } from './buy-crypto';
import { registerV2OrderRoutes } from './orders';
import { registerV2PublicRoutes } from './public';
import { registerV2SubAccountRoutes } from './sub-accounts';

export function registerV2Routes(routes: RouteRegistry, ctx: SandboxContext, engine: SpotEngine, market: Market | null): void {
  if (market) registerV2PublicRoutes(routes, market);
  registerV2AccountRoutes(routes, ctx, engine);
  registerV2OrderRoutes(routes, ctx, engine);
  registerV2SubAccountRoutes(routes, ctx);
  registerV2BuyCryptoRoutes(routes, ctx);
}
