// What every version 3 stream needs to connect, throttle and log in.
import type { BackoffPolicy } from '../backoff';
import type { ServiceClock } from '../clock';
import { ApiError } from '../errors';
import type { RateLimiter } from '../limiter';
import type { ExchangeLogger } from '../log';
import type { LimitRule } from '../rate-limits';
import { AUTH_REFUSED_CODE, refusedForSkew, signatureWindowMs, streamLoginParamsV3 } from '../signing';
import type { ResilientSocket, SocketOptions } from '../stream/socket';
import type { Credentials } from '../transport';

export interface StreamSettings {
  /** e.g. ws://127.0.0.1:8080; /api/3/ws/... is appended. */
  wsUrl: string;
  silenceMs?: number;
  /** An order book silent this long is re-fetched (default 60 s). */
  bookStallMs?: number;
  backoff?: BackoffPolicy;
  logger: ExchangeLogger;
  limiter: RateLimiter;
  clock: ServiceClock;
  credentials?: Credentials;
  /** A cheap REST call whose reply's Date header re-syncs the clock (streams carry no Date). */
  syncClock?: () => Promise<void>;
}

const STREAM_RULES = (kind: string): LimitRule[] => [
  { name: `ip:ws-${kind}`, scope: 'ip', prefixes: [], rate: 10, burst: 10 },
  { name: `account:ws-${kind}`, scope: 'account', prefixes: [], rate: 5, burst: 5 },
];

export function socketOptions(settings: StreamSettings, kind: 'public' | 'wallet' | 'trading'): Omit<SocketOptions, 'onOpen' | 'onNotification'> {
  return {
    url: `${settings.wsUrl.replace(/\/$/, '')}/api/3/ws/${kind}`,
    stream: kind,
    silenceMs: settings.silenceMs,
    backoff: settings.backoff,
    logger: settings.logger,
    limiter: settings.limiter,
    limitScope: { host: new URL(settings.wsUrl).host, account: kind === 'public' ? undefined : settings.credentials?.apiKey },
    limitRules: STREAM_RULES(kind),
  };
}

/**
 * Logs a trading or wallet connection in; the secret is read here and dropped. A 1002 caused by
 * clock skew earns one clock re-sync (over REST) and one more try, never more.
 */
export async function login(socket: ResilientSocket, settings: StreamSettings): Promise<void> {
  const timestampMs = Math.floor(settings.clock.now());
  try {
    await loginOnce(socket, settings, timestampMs);
  } catch (error) {
    // Only a refused login is worth a REST call to re-sync the clock before judging it.
    if (!(error instanceof ApiError) || error.code !== AUTH_REFUSED_CODE || settings.syncClock === undefined) throw error;
    await settings.syncClock();
    if (!refusedForSkew(error.code, timestampMs, settings.clock, signatureWindowMs(settings.credentials?.windowMs))) throw error;
    await loginOnce(socket, settings, Math.floor(settings.clock.now()));
  }
}

async function loginOnce(socket: ResilientSocket, settings: StreamSettings, timestampMs: number): Promise<void> {
  const credentials = settings.credentials;
  if (credentials === undefined) throw new ApiError({ kind: 'input', message: 'This stream needs an API key', field: 'apiKey' });
  const secret = await credentials.readSecret();
  // The window is always named, as in REST, so the service's own default never decides.
  const params = streamLoginParamsV3(credentials.scheme, credentials.apiKey, secret, timestampMs, signatureWindowMs(credentials.windowMs));
  const result = await socket.request('login', params);
  if (result !== true) throw new ApiError({ kind: 'service', code: AUTH_REFUSED_CODE, message: 'Stream login refused' });
}
