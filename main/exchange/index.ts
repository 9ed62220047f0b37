// Public face of main/exchange: the app builds a TreasuryApi here and knows nothing else.
export type {
  TreasuryApi, BuyCryptoCalls, HistoryCalls, MarketCalls, RightsCalls, SessionCalls, StreamCalls, SubAccountCalls, TransferCalls,
  WalletCalls, WithdrawalCalls,
} from './treasury-api';
export type * from './domain';
export { KEY_RIGHTS } from './domain';
export { ApiError, isApiError } from './errors';
export type { Credentials, ExchangeEvent } from './transport';
export { credentialsFromStore, type StoredCredentials } from './credentials';
export type { AuthScheme } from './signing';
export type { Priority } from './limiter';
export { RateLimiter, sharedRateLimiter } from './limiter';
export { ServiceClock } from './clock';
export { createLogger, silentLogger, type ExchangeLogger, type LogSink } from './log';
export type { PendingOperation, Settled } from './operations';
export { withMoveNotices, type MoveNotice, type MoveNoticeListener } from './move-notices';
export type { ConnectionState, ConnectionStateEvent } from './stream/socket';
export type { PublicStream, WalletStream, TradingStream, ChannelNotification } from './stream/streams';
export type { BookView } from './stream/order-book';
export { createV3Api, type V3ApiOptions } from './v3/api';
export { createV2Api, type V2ApiOptions } from './v2/api';
