// What a profile's scope offers of its portfolio: the net worth history, today's allocation and
// the balances at a day's close. The export of a day's balances reads them through this port.
import type { DateBalances, NetWorthHistory, PortfolioAllocation, RequestOf } from '../../../preload/contract';

export interface PortfolioService {
  netWorth(request: RequestOf<'portfolioNetWorth'>): Promise<NetWorthHistory>;
  allocation(request: RequestOf<'portfolioAllocation'>): Promise<PortfolioAllocation>;
  balancesOnDate(request: RequestOf<'balancesOnDate'>): Promise<DateBalances>;
}
