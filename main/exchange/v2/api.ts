// The version 2 adapter behind TreasuryApi, composed like the version 3 one (v3/api.ts): one
// implementation per domain interface, spread into one object, returning the same domain records,
// so nothing above the client knows which version it talks to.
import type { BackoffPolicy } from '../backoff';
import { ServiceClock } from '../clock';
import { sharedRateLimiter } from '../limiter';
import { silentLogger } from '../log';
import { ServiceCalls } from '../service-calls';
import { DEFAULT_WINDOW_MS } from '../signing';
import { RestTransport, type TransportOptions } from '../transport';
import type { StreamCalls } from '../calls/streams';
import type { TreasuryApi } from '../treasury-api';
import type { StreamSettings } from '../v3/stream-settings';
import { sessionCallsV3 as sessionCalls } from '../v3/session';
import { buyCryptoCallsV2 } from './buy-crypto';
import { historyCallsV2 } from './history';
import { V2_REST_LIMITS } from './limits';
import { marketCallsV2 } from './market';
import { rightsCallsV2 } from './rights';
import { signRequestV2 } from './signing';
import { streamCallsV2 } from './streams';
import { subAccountCallsV2 } from './sub-accounts';
import { transferCallsV2 } from './transfers';
import { walletCallsV2 } from './wallet';
import { withdrawalCallsV2 } from './withdrawals';

export interface V2ApiOptions extends Omit<TransportOptions, 'signer' | 'limitRules'> {
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

export function createV2Api(options: V2ApiOptions): TreasuryApi {
  const clock = options.clock ?? new ServiceClock();
  const limiter = options.limiter ?? sharedRateLimiter;
  const logger = options.logger ?? silentLogger;
  // Version 2's examples send form-encoded bodies: the most common client's choice (SUPPLEMENT).
  const transport = new RestTransport({
    bodyFormat: 'form', ...options, clock, limiter, logger, signer: signRequestV2, limitRules: V2_REST_LIMITS,
  });
  const calls = new ServiceCalls(transport, 'user', {
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
    await calls.publicRead('/api/2/public/currency/BTC').catch(() => undefined);
  };
  // One set for the adapter and its re-prioritised copies: its wallet and trading streams share signals.
  return composeV2Api(calls, streamCallsV2(streams));
}

/** Every domain's version 2 calls over one transport; `calls` carries the priority they queue at. */
function composeV2Api(calls: ServiceCalls, streams: StreamCalls): TreasuryApi {
  return {
    ...sessionCalls(calls, (priority) => composeV2Api(calls.withPriority(priority), streams)),
    ...marketCallsV2(calls),
    ...walletCallsV2(calls),
    ...withdrawalCallsV2(calls),
    ...transferCallsV2(calls),
    ...historyCallsV2(calls),
    ...subAccountCallsV2(calls),
    ...buyCryptoCallsV2(calls),
    ...rightsCallsV2(calls),
    ...streams,
  };
}
