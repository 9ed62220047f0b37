// The version-agnostic face of the service: the app talks only to TreasuryApi. It is composed of
// one interface per domain (calls/<domain>.ts). A version adapter implements each of them on its
// own (v3/<domain>.ts today) and spreads them into one object (v3/api.ts); a version 2 adapter
// plugs in the same way, with its own implementation of each interface.
import type { BuyCryptoCalls } from './calls/buy-crypto';
import type { HistoryCalls } from './calls/history';
import type { MarketCalls } from './calls/market';
import type { OrderCalls } from './calls/orders';
import type { RightsCalls } from './calls/rights';
import type { SessionCalls } from './calls/session';
import type { StreamCalls } from './calls/streams';
import type { SubAccountCalls } from './calls/sub-accounts';
import type { TradeHistoryCalls } from './calls/trade-history';
import type { TransferCalls } from './calls/transfers';
import type { WalletCalls } from './calls/wallet';
import type { WithdrawalCalls } from './calls/withdrawals';

export interface TreasuryApi
  extends SessionCalls<TreasuryApi>, MarketCalls, WalletCalls, WithdrawalCalls, TransferCalls, HistoryCalls,
    SubAccountCalls, BuyCryptoCalls, RightsCalls, StreamCalls, OrderCalls, TradeHistoryCalls {}

export type {
  BuyCryptoCalls, HistoryCalls, MarketCalls, OrderCalls, RightsCalls, SessionCalls, StreamCalls, SubAccountCalls, TradeHistoryCalls,
  TransferCalls,
  WalletCalls, WithdrawalCalls,
};
export type { BuyCryptoRateQuery, FeeQuery, RightsProbe } from './domain';
