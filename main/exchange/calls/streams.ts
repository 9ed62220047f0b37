// The service's streams; each call opens a new connection that reconnects by itself until closed.
import type { PublicStream, TradingStream, WalletStream } from '../stream/streams';

export interface StreamCalls {
  publicStream(): PublicStream;
  walletStream(): WalletStream;
  tradingStream(): TradingStream;
}
