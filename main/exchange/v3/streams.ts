// Version 3 streams: each call opens its own connection with the adapter's stream settings.
import type { StreamCalls } from '../calls/streams';
import { V3TradingStream, V3WalletStream } from './private-streams';
import { V3PublicStream } from './public-stream';
import type { StreamSettings } from './stream-settings';

export const streamCallsV3 = (settings: StreamSettings) => ({
  publicStream: () => new V3PublicStream(settings),
  walletStream: () => new V3WalletStream(settings),
  tradingStream: () => new V3TradingStream(settings),
}) satisfies StreamCalls;
