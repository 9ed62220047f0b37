// What the app sees of the streams, whatever the API version behind them.
import type { Balance, OrderFeedEvent, Transaction } from '../domain';
import type { JsonObject } from '../json';
import type { BookView } from './order-book';
import type { ConnectionState, ConnectionStateEvent } from './socket';

export interface StreamHandle {
  readonly state: ConnectionState;
  /** Connections opened so far (1 + reconnects). */
  readonly connections: number;
  onState(listener: (event: ConnectionStateEvent) => void): () => void;
  /** Resolves once the stream is live (logged in and subscribed). */
  live(timeoutMs?: number): Promise<void>;
  close(): void;
}

export const NOTIFICATION_KINDS = ['snapshot', 'update', 'data'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface ChannelNotification {
  channel: string;
  kind: NotificationKind;
  /** Keyed by symbol or currency, as the channel sends it. */
  data: JsonObject;
  /** The currency prices are given in, on channels that take target_currency (price/rate). */
  target?: string;
}

export type Unsubscribe = () => Promise<void>;

export interface PublicStream extends StreamHandle {
  subscribe(channel: string, params: JsonObject, listener: (notification: ChannelNotification) => void): Promise<Unsubscribe>;
  /** Full book by sequence; a gap is repaired from a fresh snapshot before listeners hear again. */
  orderBook(symbol: string, listener: (book: BookView) => void): Promise<Unsubscribe>;
  /** Snapshots requested after a sequence gap (diagnostics). */
  readonly resyncs: number;
}

export interface WalletStream extends StreamHandle {
  onTransaction(listener: (transaction: Transaction) => void): () => void;
  /** `snapshot` carries every balance; `update` one changed balance. */
  onBalances(listener: (balances: Balance[], kind: 'snapshot' | 'update') => void): () => void;
}

export interface TradingStream extends StreamHandle {
  onSpotBalances(listener: (balances: Balance[]) => void): () => void;
  /** The account's active orders on each (re)subscription, then a report per change. */
  onOrders(listener: (event: OrderFeedEvent) => void): () => void;
}
