// The wallet page's service: balances merged and valued, live updates from the streams, deposit
// addresses, the currency list the withdrawal form needs, fee estimates, and the audited
// wallet ↔ spot transfer.
import Decimal from '../../../preload/contract/decimal';
import type { AddressQuery, CurrencyInfo, DepositAddress, MergedBalance, TransferInput, TransferResult, WalletOverview } from '../../../preload/contract/wallet';
import type { FeeEstimateInput, FeeEstimateResult } from '../../../preload/contract/withdrawals';
import type { AccountBalances, CryptoAddress, Currency } from '../../exchange/domain';
import { AppFailure } from '../app-error';
import { findCurrency } from '../field-checks';
import type { PendingLedger } from '../pending/ledger';
import type { FeedListeners, FeedName, LiveFeeds, ProfileRef, Unsubscribe, ExchangeApi } from '../session/ports';
import { serviceCall } from '../session/api-failure';
import { checkAmountText, checkPrecision } from '../transfers/checks';
import { applyBalances, mergeBalances, precisionByCode, precisionOf, toMap, valueBalances, type BalanceMap } from './balances';

export interface WalletNotices {
  balances(balances: MergedBalance[]): void;
  live(live: boolean, detail?: string): void;
  /** Both sides' balances were read whole (the wallet page's overview). */
  loaded?(balances: AccountBalances): void;
}

export interface WalletDeps {
  api: ExchangeApi;
  ledger: PendingLedger;
  profile: ProfileRef;
  notices: WalletNotices;
  currencies(): Promise<Currency[]>;
}

const BALANCE_FEEDS: readonly FeedName[] = ['walletBalances', 'spotBalances'];

export class WalletService {
  private wallet: BalanceMap = new Map();
  private spot: BalanceMap = new Map();
  private readonly feedUp = new Map<FeedName, boolean>();
  private stopFeeds: Unsubscribe | null = null;

  constructor(private readonly deps: WalletDeps) {}

  get live(): boolean {
    return BALANCE_FEEDS.every((feed) => this.feedUp.get(feed) === true);
  }

  async overview(valuationCurrency: string): Promise<WalletOverview> {
    const valuation = valuationCurrency.trim().toUpperCase();
    const [balances, currencies] = await serviceCall(() => Promise.all([this.deps.api.balances(), this.deps.currencies()]));
    this.wallet = toMap(balances.wallet);
    this.spot = toMap(balances.spot);
    this.deps.notices.loaded?.(balances);
    const merged = mergeBalances(this.wallet, this.spot);
    const rates = await this.rates(merged.map((b) => b.currency), valuation);
    const valued = valueBalances(merged, rates, valuation);
    return {
      profileId: this.deps.profile.id,
      valuationCurrency: valuation,
      ...valued,
      rates: Object.fromEntries([...rates].map(([currency, price]) => [currency, price.toFixed()])),
      live: this.live,
      precision: precisionByCode(currencies),
      asOf: new Date().toISOString(),
    };
  }

  /** Rates of every held currency in the valuation currency; one missing rate fails no one. */
  async rates(currencies: readonly string[], valuation: string): Promise<Map<string, Decimal>> {
    const wanted = currencies.filter((c) => c !== valuation);
    if (wanted.length === 0) return new Map([[valuation, new Decimal(1)]]);
    try {
      const rates = await this.deps.api.priceRates(wanted, valuation);
      return new Map([[valuation, new Decimal(1)], ...rates.map((r): [string, Decimal] => [r.currency, r.price])]);
    } catch {
      // Without rates the balances still show; the total says which currencies it leaves out.
      return new Map([[valuation, new Decimal(1)]]);
    }
  }

  async currencyInfo(): Promise<CurrencyInfo[]> {
    const currencies = await serviceCall(() => this.deps.currencies());
    return currencies.map((c) => ({
      code: c.code,
      fullName: c.fullName,
      crypto: c.crypto,
      payinEnabled: c.payinEnabled,
      payoutEnabled: c.payoutEnabled && !c.delisted,
      transferEnabled: c.transferEnabled,
      precision: precisionOf(c.precisionTransfer),
      networks: c.networks.map((n) => ({
        network: n.network,
        name: n.name,
        isDefault: n.isDefault,
        payinEnabled: n.payinEnabled,
        payoutEnabled: n.payoutEnabled,
        minWithdrawal: n.minWithdrawal?.toFixed() ?? null,
        payoutFee: n.payoutFee?.toFixed() ?? null,
        paymentIdRequired: n.paymentIdRequired,
        addressRegex: n.addressRegex ?? null,
        paymentIdRegex: n.paymentIdRegex ?? null,
      })),
    }));
  }

  async depositAddresses(query: AddressQuery): Promise<DepositAddress[]> {
    const list = await serviceCall(() => this.deps.api.depositAddresses(query.currency, query.network));
    return list.map(toDepositAddress);
  }

  async newDepositAddress(query: AddressQuery): Promise<DepositAddress> {
    return toDepositAddress(await serviceCall(() => this.deps.api.createDepositAddress(query.currency, query.network)));
  }

  async recentDepositAddresses(query: AddressQuery): Promise<DepositAddress[]> {
    return (await serviceCall(() => this.deps.api.recentDepositAddresses(query.currency, query.network))).map(toDepositAddress);
  }

  async isOwnAddress(address: string): Promise<{ mine: boolean }> {
    return { mine: await serviceCall(() => this.deps.api.isOwnAddress(address.trim())) };
  }

  async estimateFee(input: FeeEstimateInput): Promise<FeeEstimateResult> {
    const amount = checkAmountText(input.amount);
    const estimate = await serviceCall(() =>
      this.deps.api.estimateFee({ currency: input.currency, amount, networkCode: input.network }),
    );
    const includeFee = input.includeFee === true;
    return {
      fee: estimate.fee.toFixed(),
      arrives: (includeFee ? Decimal.max(amount.minus(estimate.fee), 0) : amount).toFixed(),
      debited: (includeFee ? amount : amount.plus(estimate.fee)).toFixed(),
    };
  }

  /** Wallet ↔ spot, checked against the source's available balance, audited around the request. */
  async transfer(input: TransferInput): Promise<TransferResult> {
    const typed = checkAmountText(input.amount);
    const known = findCurrency(input.currency, await serviceCall(() => this.deps.currencies()), 'currency');
    const currency = known.code;
    const amount = checkPrecision(typed, known);
    if (!known.transferEnabled) {
      throw new AppFailure('VALIDATION', `The service does not move ${currency} between wallet and spot at the moment (its transfers are disabled)`, 'currency');
    }
    const side = await serviceCall(() => (input.from === 'wallet' ? this.deps.api.walletBalances() : this.deps.api.spotBalances()));
    const available = side.find((b) => b.currency === currency)?.available ?? new Decimal(0);
    if (amount.gt(available)) {
      throw new AppFailure('VALIDATION', `Insufficient funds: ${available.toFixed()} ${currency} available on ${input.from}`, 'amount');
    }
    const subject = {
      profileId: this.deps.profile.id, profileName: this.deps.profile.name, action: 'transfer' as const,
      currency, amount: amount.toFixed(), detail: `${input.from} → ${input.to}`,
    };
    const sent = await serviceCall(() =>
      this.deps.ledger.send(
        { kind: 'transfer', currency, amount: amount.toFixed(), destination: `${input.from}>${input.to}` },
        subject,
        () => this.deps.api.transfer({ currency, amount, source: input.from, destination: input.to }),
        (ids) => ids,
      ),
    );
    const settled = sent.result;
    return settled.status === 'done'
      ? { state: 'done', transactionIds: settled.value }
      : { state: 'uncertain', reason: `${settled.reason}. It is being checked; do not repeat it.`, moveId: sent.move.id };
  }

  /** Subscribes to the balance streams; each change pushes the merged balances. */
  startLive(
    feeds: LiveFeeds,
    onTransaction: FeedListeners['transaction'],
    onStreamState?: FeedListeners['streamState'],
  ): void {
    this.stopFeeds?.();
    this.stopFeeds = feeds({
      walletBalances: (balances, kind) => {
        this.wallet = applyBalances(this.wallet, balances, kind);
        this.deps.notices.balances(mergeBalances(this.wallet, this.spot));
      },
      spotBalances: (balances, kind) => {
        this.spot = applyBalances(this.spot, balances, kind);
        this.deps.notices.balances(mergeBalances(this.wallet, this.spot));
      },
      transaction: onTransaction,
      feedState: (feed, up, detail) => this.setFeedState(feed, up, detail),
      streamState: onStreamState,
    });
  }

  private setFeedState(feed: FeedName, up: boolean, detail?: string): void {
    const wasLive = this.live;
    this.feedUp.set(feed, up);
    if (this.live !== wasLive) this.deps.notices.live(this.live, detail);
  }

  close(): void {
    this.stopFeeds?.();
    this.stopFeeds = null;
  }
}

function toDepositAddress(a: CryptoAddress): DepositAddress {
  return { currency: a.currency ?? null, address: a.address, paymentId: a.paymentId ?? null, networkCode: a.networkCode ?? null };
}
