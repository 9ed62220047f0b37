// Sub-accounts' balances valued in the user's valuation currency with the wallet page's rates and
// arithmetic: one account on request (user priority), or every listed account in the background,
// each pushed as it arrives. A second load for the same valuation while one runs joins it; one
// account that cannot be read is a row with an error, never a failed load.
import Decimal from '../../../preload/contract/decimal';
import type { ValuedBalance } from '../../../preload/contract/wallet';
import type { SubAccountTotals } from '../../../preload/contract/subaccounts';
import type { AccountBalances } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import { failureText } from '../session/api-failure';
import { mergeBalances, toMap, valueBalances, type BalanceMap } from '../wallet/balances';
import { toKnown } from './roster';

/** Prices of currencies in the valuation currency (which is worth 1); a currency without a rate is left out. */
export type RatesReader = (currencies: readonly string[], valuation: string) => Promise<Map<string, Decimal>>;

export type TotalsApi = Pick<TreasuryApi, 'subAccounts' | 'subAccountBalances'>;

export interface ValuedAccount {
  /** Wallet and spot per currency held. */
  balances: ValuedBalance[];
  walletValue: string;
  spotValue: string;
  unvalued: string[];
}

const NONE: BalanceMap = new Map();

/** Both sides valued, and each side's value on its own. */
export function valueAccount(balances: AccountBalances, rates: ReadonlyMap<string, Decimal>, valuation: string): ValuedAccount {
  const wallet = toMap(balances.wallet);
  const spot = toMap(balances.spot);
  const both = valueBalances(mergeBalances(wallet, spot), rates, valuation);
  return {
    balances: both.balances.filter((b) => !new Decimal(b.total).isZero()),
    walletValue: valueBalances(mergeBalances(wallet, NONE), rates, valuation).totalValue,
    spotValue: valueBalances(mergeBalances(NONE, spot), rates, valuation).totalValue,
    unvalued: both.unvalued,
  };
}

export const heldCurrencies = (balances: AccountBalances): string[] =>
  [...new Set([...balances.wallet, ...balances.spot].map((b) => b.currency))];

/** Rates read once per currency for one load: accounts mostly hold the same currencies. */
export class RateBook {
  private readonly asked = new Map<string, Promise<Map<string, Decimal>>>();

  constructor(private readonly read: RatesReader, private readonly valuation: string) {}

  async ratesFor(currencies: readonly string[]): Promise<Map<string, Decimal>> {
    const missing = currencies.filter((c) => !this.asked.has(c));
    if (missing.length > 0) {
      const reading = this.read(missing, this.valuation);
      for (const currency of missing) this.asked.set(currency, reading);
    }
    const readings = new Set(currencies.map((c) => this.asked.get(c)).filter((p) => p !== undefined));
    const merged = new Map<string, Decimal>();
    for (const rates of await Promise.all(readings)) for (const [currency, price] of rates) merged.set(currency, price);
    return merged;
  }
}

export interface TotalsNotice {
  (totals: SubAccountTotals, loaded: number, total: number): void;
}

export class TotalsLoader {
  private readonly running = new Map<string, Promise<SubAccountTotals[]>>();
  private closed = false;

  /** `background` is the client whose calls queue behind the user's. */
  constructor(private readonly background: TotalsApi, private readonly rates: RatesReader, private readonly notice: TotalsNotice) {}

  load(valuation: string): Promise<SubAccountTotals[]> {
    const key = valuation.trim().toUpperCase();
    const joined = this.running.get(key);
    if (joined !== undefined) return joined;
    const run = this.run(key).finally(() => this.running.delete(key));
    this.running.set(key, run);
    return run;
  }

  /** Scope close: nothing more is pushed. */
  close(): void {
    this.closed = true;
  }

  private async run(valuation: string): Promise<SubAccountTotals[]> {
    const subs = (await this.background.subAccounts()).map(toKnown);
    const book = new RateBook(this.rates, valuation);
    let loaded = 0;
    // Every read is asked for at once: the client's limiter paces them within the service's limits.
    return Promise.all(
      subs.map(async (sub) => {
        const totals = await this.one(sub.id, book, valuation);
        loaded += 1;
        if (!this.closed) this.notice(totals, loaded, subs.length);
        return totals;
      }),
    );
  }

  private async one(id: string, book: RateBook, valuation: string): Promise<SubAccountTotals> {
    try {
      const balances = await this.background.subAccountBalances(id);
      const valued = valueAccount(balances, await book.ratesFor(heldCurrencies(balances)), valuation);
      return { id, walletValue: valued.walletValue, spotValue: valued.spotValue, unvalued: valued.unvalued, error: null };
    } catch (error) {
      return { id, walletValue: null, spotValue: null, unvalued: [], error: `Its balances could not be read: ${failureText(error)}` };
    }
  }
}
