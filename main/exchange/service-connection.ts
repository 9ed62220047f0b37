// What both version adapters build the same way before composing their calls: the transport on
// the shared clock, limiter and logger, the call helpers at user priority, and the stream settings
// (whose clock re-sync reads one public path of the version).
import type { BackoffPolicy } from './backoff';
import { ServiceClock } from './clock';
import { sharedRateLimiter } from './limiter';
import { silentLogger } from './log';
import type { MoveNoticeListener } from './move-notices';
import { ServiceCalls } from './service-calls';
import { RestTransport, type TransportOptions } from './transport';
import type { StreamSettings } from './v3/stream-settings';

export interface ServiceApiOptions extends Omit<TransportOptions, 'signer' | 'limitRules'> {
  /** e.g. ws://127.0.0.1:8080; omit when streams are not used. */
  wsUrl?: string;
  /** Stream silence that counts as a dead link (default 35 s). */
  streamSilenceMs?: number;
  streamBackoff?: BackoffPolicy;
  /** An order book that hears nothing this long is re-fetched from a snapshot (default 60 s). */
  bookStallMs?: number;
  /** After the signature window, how long before a lost money request is declared absent. */
  settleGraceMs?: number;
  /** Told whenever a money move is sent again after a 429 (also logged, and told to withMoveNotices). */
  onMoveNotice?: MoveNoticeListener;
}

export interface ServiceConnection {
  calls: ServiceCalls;
  streams: StreamSettings;
}

/** `versionTransport` adds what the version signs and limits with; `clockPath` is a cheap public read. */
export function connectService(
  options: ServiceApiOptions, versionTransport: Partial<TransportOptions>, clockPath: string,
): ServiceConnection {
  const clock = options.clock ?? new ServiceClock();
  const limiter = options.limiter ?? sharedRateLimiter;
  const logger = options.logger ?? silentLogger;
  const transport = new RestTransport({ ...versionTransport, ...options, clock, limiter, logger, ...signingOf(versionTransport) });
  const calls = new ServiceCalls(transport, 'user', {
    settleGraceMs: options.settleGraceMs ?? 30_000,
    onMoveNotice: options.onMoveNotice,
  });
  const streams: StreamSettings = {
    wsUrl: options.wsUrl ?? options.baseUrl.replace(/^http/, 'ws'),
    silenceMs: options.streamSilenceMs, backoff: options.streamBackoff, bookStallMs: options.bookStallMs,
    logger, limiter, clock, credentials: options.credentials,
  };
  streams.syncClock = async () => {
    // Any reply carries the service's Date; the transport learns from it even when it is an error.
    await calls.publicRead(clockPath).catch(() => undefined);
  };
  return { calls, streams };
}

/** The version's signer and limit rules win over anything in the caller's options. */
function signingOf(versionTransport: Partial<TransportOptions>): Partial<TransportOptions> {
  const fixed: Partial<TransportOptions> = {};
  if (versionTransport.signer !== undefined) fixed.signer = versionTransport.signer;
  if (versionTransport.limitRules !== undefined) fixed.limitRules = versionTransport.limitRules;
  return fixed;
}
