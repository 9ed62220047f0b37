// The portfolio page asks for the net worth, the allocation and a day's balances at once: the
// balances behind them are read from the service once, not once per view.
import { describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import type { AccountBalances, Currency } from '../../../main/exchange/domain';
import { PortfolioServiceImpl } from '../../../main/core/portfolio/service';
import type { Timers } from '../../../main/core/timers';

const currency = (code: string): Currency => ({
  code, fullName: code, crypto: code !== 'USDT', payinEnabled: true, payoutEnabled: true, transferEnabled: true,
  delisted: false, precisionTransfer: new Decimal('0.00000001'), networks: [],
});

const idleTimers: Timers = { set: () => null, clear: () => undefined, now: () => Date.parse('2026-11-24T10:00:00Z') };

function service(balanceReads: { count: number }) {
  return new PortfolioServiceImpl({
    db: null,
    history: null,
    api: {
      balances: async (): Promise<AccountBalances> => {
        balanceReads.count += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { wallet: [{ currency: 'BTC', available: new Decimal('1.5'), reserved: new Decimal('0.25') }], spot: [] };
      },
      subAccounts: async () => [],
      subAccountBalances: async () => ({ wallet: [], spot: [] }),
    },
    rates: async () => new Map([['BTC', new Decimal('60000')]]),
    currencies: async () => [currency('BTC'), currency('USDT')],
    priceApi: { priceHistory: async () => [] },
    backgroundBalances: async () => ({ wallet: [], spot: [] }),
    changed: () => undefined,
    timers: idleTimers,
  });
}

describe('today’s holdings', () => {
  it('are read once for views asked at the same time, and again for a later ask', async () => {
    const reads = { count: 0 };
    const portfolio = service(reads);
    const [worth, allocation, day] = await Promise.all([
      portfolio.netWorth({ valuationCurrency: 'USDT', range: '1W', scope: 'master' }),
      portfolio.allocation({ valuationCurrency: 'USDT', scope: 'master' }),
      portfolio.balancesOnDate({ day: '2026-11-23', valuationCurrency: 'USDT', scope: 'master' }),
    ]);
    expect(reads.count).toBe(1);
    expect(allocation.totalValue).toBe('105000');
    expect(worth.points.at(-1)?.value).toBe('105000');
    expect(day.rows.map((row) => [row.currency, row.amount])).toEqual([['BTC', '1.75']]);
    await portfolio.allocation({ valuationCurrency: 'USDT', scope: 'master' });
    expect(reads.count).toBe(2);
  });
});
