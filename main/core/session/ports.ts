// What a profile's services need from the exchange client: a narrow slice of main/exchange's
// TreasuryApi (which satisfies it as is) plus the live balance and transaction feeds, adapted from
// its streams in live-feeds.ts. Tests and other API versions plug in here.
import type { Balance, OrderFeedEvent, Transaction } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import type { AuthMethod } from '../../../preload/contract/profile-choices';

export type ExchangeApi = Pick<
  TreasuryApi,
  | 'serviceNow'
  | 'currencies'
  | 'priceRates'
  | 'balances'
  | 'walletBalances'
  | 'spotBalances'
  | 'depositAddresses'
  | 'createDepositAddress'
  | 'recentDepositAddresses'
  | 'isOwnAddress'
  | 'prepareWithdrawal'
  | 'commitWithdrawal'
  | 'rollbackWithdrawal'
  | 'estimateFee'
  | 'transfer'
  | 'transactions'
  | 'transaction'
  | 'newestTransactionId'
  | 'recentTransactions'
  | 'transactionsAfterId'
  | 'transactionsUpdatedSince'
  | 'lastUpdatedTransaction'
  | 'withPriority'
  | 'buyCryptoProviders'
  | 'buyCryptoRate'
  | 'buyCryptoOrders'
  | 'createBuyCryptoOrder'
>;

export type Unsubscribe = () => void;

export const FEED_NAMES = ['walletBalances', 'spotBalances', 'transactions'] as const;
export type FeedName = (typeof FEED_NAMES)[number];

export interface FeedListeners {
  /** A full list (snapshot) replaces what is known; an update changes the listed currencies. */
  walletBalances(balances: Balance[], kind: 'snapshot' | 'update'): void;
  spotBalances(balances: Balance[], kind: 'snapshot' | 'update'): void;
  transaction(tx: Transaction): void;
  /** A feed went up or down (reconnects happen inside the client). */
  feedState(feed: FeedName, live: boolean, detail?: string): void;
  /** The account's spot orders from the trading stream; 'down' when the stream is no longer live
   *  (a snapshot follows each time it comes back). */
  orders?(event: OrderFeedEvent | { kind: 'down'; detail?: string }): void;
  /** Every connection state change of the underlying streams, for the app's connectionState event. */
  streamState?(stream: string, state: 'connecting' | 'live' | 'down', detail?: string): void;
}

/** Subscribes to the wallet and trading streams; the returned function stops them. */
export type LiveFeeds = (listeners: FeedListeners) => Unsubscribe;

/** The profile the services act for: its id and name go into every audit entry. */
export interface ProfileRef {
  id: string;
  name: string;
}

/** The active profile as a scope receives it. */
export interface SessionProfile extends ProfileRef {
  /**
   * Other desks or scripts use the same exchange account (the profile's own setting). The app's
   * sessions always say; absent (scopes built by hand in tests) means one desk.
   */
  sharedAccount?: boolean;
  /**
   * How the client signs. An HS256 request the service has not run by the end of its window
   * never runs; a Basic one may run at any time. Absent (tests) means HS256.
   */
  authMethod?: AuthMethod;
}

/** The active profile with its client, as the session layer hands it to a scope. */
export interface ProfileSession {
  profile: SessionProfile;
  /** The profile's client; its wallet and trading streams feed the live updates. */
  api: TreasuryApi;
  /** Live balance and transaction feeds; defaults to the API's wallet and trading streams. */
  feeds?: LiveFeeds;
}
