// The version 3 adapter behind TreasuryApi.
import type { BackoffPolicy } from '../backoff';
import { ServiceClock } from '../clock';
import type {
  AccountBalances, Balance, BuyCryptoOrder, BuyCryptoProvider, BuyCryptoOrderRequest, BuyCryptoRate, ConvertRequest, CryptoAddress, Currency,
  FeeEstimate, InternalWithdrawRequest, PriceHistory, PriceHistoryQuery, PriceRate, SubAccount, SubAccountAcl, SubAccountAclChange, SubAccountTransferRequest,
  Transaction, TransactionFilter, TransferRequest, WhitelistedAddress, WithdrawalRequest,
} from '../domain';
import { sharedRateLimiter, type Priority } from '../limiter';
import { silentLogger } from '../log';
import type { Settled } from '../operations';
import type { PublicStream, TradingStream, WalletStream } from '../stream/streams';
import type { BuyCryptoRateQuery, FeeQuery, RightsProbe, TreasuryApi } from '../treasury-api';
import { DEFAULT_WINDOW_MS } from '../signing';
import { RestTransport, type TransportOptions } from '../transport';
import { inputError } from '../errors';
import { requireCode } from '../validate';
import * as buyCrypto from './buy-crypto';
import { V3Calls } from './calls';
import { V3WalletStream, V3TradingStream } from './private-streams';
import { V3PublicStream } from './public-stream';
import { parseCurrencies, parsePriceHistory, parsePriceRates, parseWhitelist } from './records';
import { probeRights } from './rights';
import type { StreamSettings } from './stream-settings';
import * as subAccounts from './sub-accounts';
import * as wallet from './wallet';

export interface V3ApiOptions extends TransportOptions {
  /** e.g. ws://127.0.0.1:8080; omit when streams are not used. */
  wsUrl?: string;
  /** Stream silence that counts as a dead link (default 35 s). */
  streamSilenceMs?: number;
  streamBackoff?: BackoffPolicy;
  /** An order book that hears nothing this long is re-fetched from a snapshot (default 60 s). */
  bookStallMs?: number;
  /** After the signature window, how long before a lost money request is declared absent. */
  settleGraceMs?: number;
}

export function createV3Api(options: V3ApiOptions): TreasuryApi {
  const clock = options.clock ?? new ServiceClock();
  const limiter = options.limiter ?? sharedRateLimiter;
  const logger = options.logger ?? silentLogger;
  const transport = new RestTransport({ ...options, clock, limiter, logger });
  const calls = new V3Calls(transport, 'user', {
    windowMs: options.credentials?.windowMs ?? DEFAULT_WINDOW_MS,
    settleGraceMs: options.settleGraceMs ?? 30_000,
  });
  const streams: StreamSettings = {
    wsUrl: options.wsUrl ?? options.baseUrl.replace(/^http/, 'ws'),
    silenceMs: options.streamSilenceMs, backoff: options.streamBackoff, bookStallMs: options.bookStallMs,
    logger, limiter, clock, credentials: options.credentials,
  };
  streams.syncClock = async () => {
    // Any reply carries the service's Date; the transport learns from it even when it is an error.
    await calls.publicRead('/api/3/public/currency/BTC').catch(() => undefined);
  };
  return new V3TreasuryApi(calls, streams);
}

export class V3TreasuryApi implements TreasuryApi {
  constructor(
    private readonly calls: V3Calls,
    private readonly streams: StreamSettings,
  ) {}

  withPriority(priority: Priority): TreasuryApi {
    return new V3TreasuryApi(this.calls.withPriority(priority), this.streams);
  }

  serviceNow(): number {
    return this.calls.transport.clock.now();
  }

  async currencies(): Promise<Currency[]> {
    return parseCurrencies(await this.calls.publicRead('/api/3/public/currency'));
  }

  async priceRates(from: readonly string[], to: string): Promise<PriceRate[]> {
    const query = { from: from.map((code) => requireCode(code, 'from')), to: requireCode(to, 'to') };
    return parsePriceRates(await this.calls.publicRead('/api/3/public/price/rate', query));
  }

  async priceHistory(query: PriceHistoryQuery): Promise<PriceHistory[]> {
    const limit = query.limit ?? 100;
    if (!Number.isInteger(limit) || limit < 1 || limit > 1_000) throw inputError('limit', 'must be a whole number from 1 to 1000');
    const reply = await this.calls.publicRead('/api/3/public/price/history', {
      from: query.from.map((code) => requireCode(code, 'from')), to: requireCode(query.to, 'to'),
      period: query.period, since: query.since, until: query.until, limit, sort: query.sort,
    });
    return parsePriceHistory(reply);
  }

  balances(): Promise<AccountBalances> {
    return wallet.balances(this.calls);
  }

  walletBalances(): Promise<Balance[]> {
    return wallet.walletBalances(this.calls);
  }

  spotBalances(): Promise<Balance[]> {
    return wallet.spotBalances(this.calls);
  }

  depositAddresses(currency: string, networkCode?: string): Promise<CryptoAddress[]> {
    return wallet.depositAddresses(this.calls, currency, networkCode);
  }

  createDepositAddress(currency: string, networkCode?: string): Promise<CryptoAddress> {
    return wallet.createDepositAddress(this.calls, currency, networkCode);
  }

  recentDepositAddresses(currency: string, networkCode?: string): Promise<CryptoAddress[]> {
    return wallet.recentAddresses(this.calls, 'deposit', currency, networkCode);
  }

  recentWithdrawalAddresses(currency: string, networkCode?: string): Promise<CryptoAddress[]> {
    return wallet.recentAddresses(this.calls, 'withdraw', currency, networkCode);
  }

  async whitelistedAddresses(): Promise<WhitelistedAddress[]> {
    return parseWhitelist(await this.calls.read('/api/3/wallet/crypto/address/white-list'));
  }

  isOwnAddress(address: string): Promise<boolean> {
    return wallet.isOwnAddress(this.calls, address);
  }

  prepareWithdrawal(request: WithdrawalRequest): Promise<Settled<{ id: string }>> {
    return wallet.prepareWithdrawal(this.calls, request);
  }

  commitWithdrawal(id: string): Promise<boolean> {
    return wallet.commitWithdrawal(this.calls, id);
  }

  rollbackWithdrawal(id: string): Promise<boolean> {
    return wallet.rollbackWithdrawal(this.calls, id);
  }

  estimateFee(query: FeeQuery): Promise<FeeEstimate> {
    return wallet.estimateFee(this.calls, query);
  }

  estimateFees(queries: readonly FeeQuery[]): Promise<FeeEstimate[]> {
    return wallet.estimateFees(this.calls, queries);
  }

  transfer(request: TransferRequest): Promise<Settled<string[]>> {
    return wallet.transfer(this.calls, request);
  }

  convert(request: ConvertRequest): Promise<Settled<string[]>> {
    return wallet.convert(this.calls, request);
  }

  internalWithdraw(request: InternalWithdrawRequest): Promise<Settled<string>> {
    return wallet.internalWithdraw(this.calls, request);
  }

  transactions(filter?: TransactionFilter): AsyncIterable<Transaction> {
    return wallet.transactions(this.calls, filter);
  }

  transaction(id: string): Promise<Transaction> {
    return wallet.transaction(this.calls, id);
  }

  newestTransactionId(): Promise<string | null> {
    return wallet.newestTransactionId(this.calls);
  }

  subAccounts(): Promise<SubAccount[]> {
    return subAccounts.subAccounts(this.calls);
  }

  freezeSubAccounts(ids: readonly string[]): Promise<boolean> {
    return subAccounts.freezeSubAccounts(this.calls, ids);
  }

  activateSubAccounts(ids: readonly string[]): Promise<boolean> {
    return subAccounts.activateSubAccounts(this.calls, ids);
  }

  subAccountAcl(ids: readonly string[]): Promise<SubAccountAcl[]> {
    return subAccounts.subAccountAcl(this.calls, ids);
  }

  setSubAccountAcl(ids: readonly string[], change: SubAccountAclChange): Promise<SubAccountAcl[]> {
    return subAccounts.setSubAccountAcl(this.calls, ids, change);
  }

  subAccountBalances(id: string): Promise<AccountBalances> {
    return subAccounts.subAccountBalances(this.calls, id);
  }

  subAccountAddress(id: string, currency: string, networkCode?: string): Promise<CryptoAddress> {
    return subAccounts.subAccountAddress(this.calls, id, currency, networkCode);
  }

  subAccountTransfer(request: SubAccountTransferRequest): Promise<Settled<string>> {
    return subAccounts.subAccountTransfer(this.calls, request);
  }

  buyCryptoProviders(source?: string, target?: string): Promise<BuyCryptoProvider[]> {
    return buyCrypto.buyCryptoProviders(this.calls, source, target);
  }

  buyCryptoRate(query: BuyCryptoRateQuery): Promise<BuyCryptoRate> {
    return buyCrypto.buyCryptoRate(this.calls, query);
  }

  buyCryptoOrders(providerId: string): Promise<BuyCryptoOrder[]> {
    return buyCrypto.buyCryptoOrders(this.calls, providerId);
  }

  createBuyCryptoOrder(request: BuyCryptoOrderRequest): Promise<Settled<BuyCryptoOrder>> {
    return buyCrypto.createBuyCryptoOrder(this.calls, request);
  }

  probeRights(): Promise<RightsProbe> {
    return probeRights(this.calls);
  }

  publicStream(): PublicStream {
    return new V3PublicStream(this.streams);
  }

  walletStream(): WalletStream {
    return new V3WalletStream(this.streams);
  }

  tradingStream(): TradingStream {
    return new V3TradingStream(this.streams);
  }

  close(): void {
    this.calls.transport.close();
  }
}

