// The version 3 adapter behind TreasuryApi: one implementation per domain interface, spread into
// one object. A version 2 adapter composes its own implementations of the same interfaces.
import type { BackoffPolicy } from '../backoff';
import { ServiceClock } from '../clock';
import { sharedRateLimiter } from '../limiter';
import { silentLogger } from '../log';
import { DEFAULT_WINDOW_MS } from '../signing';
import { RestTransport, type TransportOptions } from '../transport';
import type { TreasuryApi } from '../treasury-api';
import { buyCryptoCallsV3 } from './buy-crypto';
import { V3Calls } from './calls';
import { historyCallsV3 } from './history';
import { marketCallsV3 } from './market';
import { rightsCallsV3 } from './rights';
import { sessionCallsV3 } from './session';
import type { StreamSettings } from './stream-settings';
import { streamCallsV3 } from './streams';
import { subAccountCallsV3 } from './sub-accounts';
import { transferCallsV3 } from './transfers';
import { walletCallsV3 } from './wallet';
import { withdrawalCallsV3 } from './withdrawals';

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
  return composeV3Api(calls, streams);
}

/** Every domain's version 3 calls over one transport; `calls` carries the priority they queue at. */
function composeV3Api(calls: V3Calls, streams: StreamSettings): TreasuryApi {
  return {
    ...sessionCallsV3(calls, (priority) => composeV3Api(calls.withPriority(priority), streams)),
    ...marketCallsV3(calls),
    ...walletCallsV3(calls),
    ...withdrawalCallsV3(calls),
    ...transferCallsV3(calls),
    ...historyCallsV3(calls),
    ...subAccountCallsV3(calls),
    ...buyCryptoCallsV3(calls),
    ...rightsCallsV3(calls),
    ...streamCallsV3(streams),
  };
}
