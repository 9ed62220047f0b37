// The account side of the service: wallet, spot balances, transactions, sub-accounts and buy
// crypto routes, the buy-crypto checkout pages, and the time-driven state behind them.
import { createCheckoutHandler } from './buycrypto/checkout';
import { advanceBuyOrders } from './buycrypto/orders';
import { PROVIDERS, findProvider } from './buycrypto/providers';
import { registerBuyCryptoRoutes } from './buycrypto/routes';
import type { SandboxContext } from './context';
import type { SideHandler } from './http/handler';
import type { RouteRegistry } from './http/route';
import type { SpotEngine } from './spot/engine';
import { registerSpotRoutes } from './spot/routes';
import { registerSpotHistoryRoutes } from './spot/history';
import { registerSubAccountRoutes } from './subaccounts/routes';
import { registerBalanceRoutes } from './wallet/balance-routes';
import { advanceChain } from './wallet/chain';
import { registerCryptoRoutes } from './wallet/crypto-routes';
import { registerTransactionRoutes } from './wallet/transaction-routes';

const TICK_MS = 1_000;

export function registerAccountRoutes(routes: RouteRegistry, ctx: SandboxContext, engine: SpotEngine): void {
  registerSpotRoutes(routes, ctx, engine);
  registerSpotHistoryRoutes(routes, ctx);
  registerBalanceRoutes(routes, ctx);
  registerCryptoRoutes(routes, ctx);
  registerTransactionRoutes(routes, ctx);
  registerSubAccountRoutes(routes, ctx);
  registerBuyCryptoRoutes(routes, ctx);
}

export function createAccountSideHandlers(ctx: SandboxContext): SideHandler[] {
  return [createCheckoutHandler(ctx)];
}

function providerName(id: number): string {
  return findProvider(id)?.name ?? 'unknown';
}

function methodType(id: number): string {
  for (const provider of PROVIDERS) {
    const method = provider.methods.find((m) => m.id === id);
    if (method) return method.type;
  }
  return 'card';
}

/** Runs time-driven state on every clock advance and once a second; returns the stopper. */
export function startAccountTimers(ctx: SandboxContext, engine: SpotEngine): () => void {
  const tick = (now: number): void => {
    try {
      advanceChain(ctx, now);
      engine.advance(now);
      advanceBuyOrders(ctx, now, providerName, methodType);
    } catch (error) {
      console.error('sandbox: time step failed', error);
    }
  };
  const timer = setInterval(() => tick(ctx.clock.now()), TICK_MS);
  timer.unref();
  const stopClock = ctx.clock.onAdvance(tick);
  return () => {
    clearInterval(timer);
    stopClock();
  };
}
