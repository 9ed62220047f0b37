// The portfolio's operations in the active profile's scope.
import type { PortfolioOperations } from '../../../preload/contract/portfolio';
import { ok } from '../../../preload/contract/result';
import type { ScopedHandlers } from '../session/scopes';

export const portfolioHandlers: ScopedHandlers<keyof PortfolioOperations> = ({ portfolio }) => ({
  portfolioNetWorth: async (request) => ok(await portfolio.netWorth(request)),
  portfolioAllocation: async (request) => ok(await portfolio.allocation(request)),
  balancesOnDate: async (request) => ok(await portfolio.balancesOnDate(request)),
});
