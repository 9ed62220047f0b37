// Version 2's account routes (api-v2.md "Account", "Trading history" and the trading balance)
// over the same state as version 3's wallet and spot routes.
import type { SandboxContext } from '../context';
import type { RouteRegistry } from '../http/route';
import type { SpotEngine } from '../spot/engine';
import { registerV2CryptoRoutes } from './account-crypto';
import { registerV2FundsRoutes } from './account-funds';
import { v2Registry } from './account-params';
import { registerV2TradingRoutes } from './trading';
import { registerV2TransactionRoutes } from './transactions';

/** The spot engine's state is read from the shared database; the engine itself is not needed here. */
export function registerV2AccountRoutes(routes: RouteRegistry, ctx: SandboxContext, _engine: SpotEngine): void {
  const v2 = v2Registry(routes);
  registerV2FundsRoutes(v2, ctx);
  registerV2CryptoRoutes(v2, ctx);
  registerV2TransactionRoutes(v2, ctx);
  registerV2TradingRoutes(v2, ctx);
}
