// Today's holdings of the scope's accounts, read and valued the way the wallet and sub-accounts
// pages do it (subaccounts/totals.ts valueAccount over the wallet page's rates): the master's
// balances, and for scope 'all' every sub-account's too (one that cannot be read is listed as
// missing with the reason, never a failed answer).
import Decimal from '../../../preload/contract/decimal';
import type { PortfolioScope } from '../../../preload/contract/portfolio';
import type { AccountBalances, Currency } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { failureText, serviceCall } from '../session/api-failure';
import { nameOf, toKnown } from '../subaccounts/roster';
import { heldCurrencies, RateBook, valueAccount, type RatesReader, type ValuedAccount } from '../subaccounts/totals';
import { precisionByCode } from '../wallet/balances';
import { MASTER_ACCOUNT } from './snapshots';

export type HoldingsApi = Pick<TreasuryApi, 'balances' | 'subAccounts' | 'subAccountBalances'>;

export interface HoldingsDeps {
  api: HoldingsApi;
  rates: RatesReader;
  currencies(): Promise<Currency[]>;
}

export interface AccountHoldings extends ValuedAccount {
  accountId: string;
  label: string;
  /** wallet + spot, available + reserved, per currency (≠ 0). */
  totals: Map<string, Decimal>;
}

export interface TodayHoldings {
  valuationCurrency: string;
  /** The moment the balances were read. */
  readMs: number;
  /** The master first. */
  accounts: AccountHoldings[];
  missing: Array<{ accountId: string; label: string; reason: string }>;
  /** Live rates of every held currency that has one (the valuation currency at 1). */
  rates: Map<string, Decimal>;
  precision: Record<string, number>;
}

function holdingsOf(accountId: string, label: string, balances: AccountBalances, rates: ReadonlyMap<string, Decimal>, valuation: string): AccountHoldings {
  const valued = valueAccount(balances, rates, valuation);
  const totals = new Map(valued.balances.map((balance) => [balance.currency, new Decimal(balance.total)]));
  return { ...valued, accountId, label, totals };
}

/** Σ of the accounts' totals per currency. */
export function summedTotals(accounts: readonly AccountHoldings[]): Map<string, Decimal> {
  const sums = new Map<string, Decimal>();
  for (const account of accounts) for (const [currency, amount] of account.totals) sums.set(currency, (sums.get(currency) ?? new Decimal(0)).plus(amount));
  return sums;
}

export async function readToday(deps: HoldingsDeps, valuation: string, scope: PortfolioScope): Promise<TodayHoldings> {
  const book = new RateBook(deps.rates, valuation);
  const [master, currencies, subs] = await serviceCall(() => Promise.all([
    deps.api.balances(), deps.currencies(), scope === 'all' ? deps.api.subAccounts() : Promise.resolve([]),
  ]));
  const readMs = Date.now();
  const accounts = [holdingsOf(MASTER_ACCOUNT, 'Master account', master, await book.ratesFor(heldCurrencies(master)), valuation)];
  const missing: TodayHoldings['missing'] = [];
  const read = await Promise.all(subs.map(toKnown).map(async (sub) => {
    try {
      const balances = await deps.api.subAccountBalances(sub.id);
      return holdingsOf(sub.id, nameOf(sub), balances, await book.ratesFor(heldCurrencies(balances)), valuation);
    } catch (error) {
      missing.push({ accountId: sub.id, label: nameOf(sub), reason: `Its balances could not be read: ${failureText(error)}` });
      return null;
    }
  }));
  accounts.push(...read.filter((account): account is AccountHoldings => account !== null));
  const held = [...summedTotals(accounts).keys()];
  return { valuationCurrency: valuation, readMs, accounts, missing, rates: await book.ratesFor([...held, valuation]), precision: precisionByCode(currencies) };
}
