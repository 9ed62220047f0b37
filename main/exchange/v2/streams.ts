// Version 2 streams: each call opens its own connection with the adapter's stream settings. The
// wallet and trading streams of one adapter share a transfer signal: version 2 pushes no spot
// balances, so a transfer the wallet stream reports makes its trading streams read them again.
import type { StreamCalls } from '../calls/streams';
import type { StreamSettings } from '../v3/stream-settings';
import { V2TradingStream, V2WalletStream } from './account-streams';
import { V2PublicStream } from './public-stream';

export function streamCallsV2(settings: StreamSettings): StreamCalls {
  const transferListeners = new Set<() => void>();
  const announceTransfer = (): void => {
    for (const listener of transferListeners) listener();
  };
  const onTransfer = (listener: () => void): (() => void) => {
    transferListeners.add(listener);
    return () => transferListeners.delete(listener);
  };
  return {
    publicStream: () => new V2PublicStream(settings),
    walletStream: () => new V2WalletStream(settings, announceTransfer),
    tradingStream: () => new V2TradingStream(settings, onTransfer),
  };
}
