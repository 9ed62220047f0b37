// REST transport on node:http(s): keep-alive, timeouts, signing with the service's clock, the
// client-side limiter, and retries decided by idempotency. Money-moving POSTs are sent once.
import http from 'node:http';
import https from 'node:https';
import { DEFAULT_BACKOFF, parseRetryAfter, rateLimitHoldMs, retryDelayMs, sleep, type BackoffPolicy } from './backoff';
import { ServiceClock } from './clock';
import type { KeyRight } from './domain';
import { ApiError } from './errors';
import { encodeBody, encodeQuery, type BodyFormat, type QueryValue } from './encoding';
import { parseJsonExact } from './json';
import { rightNeededBy } from './path-rights';
import { RateLimiter, type LimitScope, type Priority } from './limiter';
import { logs, silentLogger, type ExchangeLogger } from './log';
import { rememberedRulesForPath, type LimitRule } from './rate-limits';
import { refusedForSkew, signatureWindowMs, signRequestV3, type AuthScheme, type RequestSigner, type SignedAuthorization } from './signing';

export interface Credentials {
  apiKey: string;
  scheme: AuthScheme;
  /** Read at each signing; the secret is used for one signature and dropped. */
  readSecret: () => Promise<string>;
  /** HS256 validity window in ms (SUPPLEMENT §1), sent with every version 3 signature; omitted = DEFAULT_WINDOW_MS. */
  windowMs?: number;
}

export const RETRY_MODES = ['idempotent', 'once'] as const;
/** idempotent: may be re-sent on 429/503/504/network errors. once: sent at most once. */
export type RetryMode = (typeof RETRY_MODES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestRequest {
  method: HttpMethod;
  path: string;
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown> | readonly unknown[];
  /** false for public endpoints. */
  signed: boolean;
  retry: RetryMode;
  priority?: Priority;
  timeoutMs?: number;
}

export interface TransportOptions {
  /** e.g. http://127.0.0.1:8080; /api/3/... is appended. */
  baseUrl: string;
  credentials?: Credentials;
  limiter?: RateLimiter;
  clock?: ServiceClock;
  logger?: ExchangeLogger;
  timeoutMs?: number;
  backoff?: BackoffPolicy;
  bodyFormat?: BodyFormat;
  maxSockets?: number;
  /** Called for every reply or failure on the wire (metrics, tests counting 429s). */
  onExchange?: (event: ExchangeEvent) => void;
  /** How a request is signed; version 3 unless another version's adapter says otherwise. */
  signer?: RequestSigner;
  /** The published limits this API version's paths fall under; omitted = the limiter's own (version 3). */
  limitRules?: readonly LimitRule[];
}

export interface ExchangeEvent {
  method: HttpMethod;
  path: string;
  /** HTTP status, or null when no reply came (network error, timeout). */
  status: number | null;
  durationMs: number;
}

export interface SentRequest {
  /** Service-clock time the request was signed or sent at. */
  sentAtMs: number;
  /** Until when the service accepts the signature last sent (SignedAuthorization); null when unbounded or not yet signed. */
  acceptedUntilMs: number | null;
}

interface RawResponse {
  status: number;
  /** As received, name and value alternating: read by name only when needed (see header()). */
  rawHeaders: string[];
  text: string;
}

/** The request as it goes on the wire, encoded once and re-sent as is by every retry. */
interface EncodedRequest {
  query: string;
  body: string;
  /** Accept, Content-Type, Content-Length; Authorization is added per attempt (it is signed anew). */
  headers: http.OutgoingHttpHeaders;
}

/** When an HS256 request was signed and how long it was valid, kept so a 1002 can be judged for skew. */
interface SignedTime {
  signedAtMs: number;
  windowMs: number;
}

/** One trip to the service. */
type Attempt = { ok: true; value: unknown } | { ok: false; error: ApiError; signed?: SignedTime };

const RETRYABLE_STATUS = new Set([429, 503, 504]);
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export class RestTransport {
  readonly clock: ServiceClock;
  readonly limiter: RateLimiter;
  private readonly url: URL;
  private readonly client: typeof http | typeof https;
  private readonly agent: http.Agent;
  /** False when the logger drops debug lines: the request line's fields are then never built. */
  private readonly logsRequests: boolean;
  readonly logger: ExchangeLogger;
  private readonly timeoutMs: number;
  private readonly backoff: BackoffPolicy;
  private readonly bodyFormat: BodyFormat;
  private readonly credentials: Credentials | undefined;
  private readonly onExchange: ((event: ExchangeEvent) => void) | undefined;
  /** Who the limiter counts this transport's requests against: fixed for its life. */
  private readonly scope: LimitScope;
  private readonly signer: RequestSigner;
  private readonly limitRules: readonly LimitRule[] | undefined;
  /** The HS256 window every signature names, checked once here rather than at each request. */
  private readonly windowMs: number;

  constructor(options: TransportOptions) {
    this.url = new URL(options.baseUrl);
    this.client = this.url.protocol === 'https:' ? https : http;
    this.agent = new this.client.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 32 });
    this.clock = options.clock ?? new ServiceClock();
    this.limiter = options.limiter ?? new RateLimiter();
    this.logger = options.logger ?? silentLogger;
    this.logsRequests = logs(this.logger, 'debug');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.bodyFormat = options.bodyFormat ?? 'json';
    this.credentials = options.credentials;
    this.onExchange = options.onExchange;
    this.scope = { host: this.url.host, account: this.credentials?.apiKey };
    this.signer = options.signer ?? signRequestV3;
    this.limitRules = options.limitRules;
    this.windowMs = signatureWindowMs(options.credentials?.windowMs);
  }

  get apiKey(): string | undefined {
    return this.credentials?.apiKey;
  }

  /** Sends and returns the parsed JSON of a 2xx reply; anything else throws ApiError. */
  async send(request: RestRequest, sent?: SentRequest): Promise<unknown> {
    const encoded = this.encode(request);
    let skewRetried = false;
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await this.attempt(request, encoded, sent);
      if (outcome.ok) return outcome.value;
      const error = outcome.error;
      // The clock has just seen this reply's Date, so the judgement uses the corrected time.
      const signed = outcome.signed;
      if (!skewRetried && signed !== undefined && refusedForSkew(error.code, signed.signedAtMs, this.clock, signed.windowMs)) {
        skewRetried = true;
        this.logger.warn('clock skew: re-synced, retrying once', { path: request.path, offsetMs: this.clock.offsetMs });
        continue;
      }
      const retrying = this.mayRetry(request, error, attempt);
      const delay = retrying ? retryDelayMs(attempt, this.backoff, error.retryAfterMs) : 0;
      // Whether or not this request is tried again, its class waits so the desk stops provoking more.
      if (error.status === 429) this.limiter.pause(request.path, this.scope, Math.max(delay, rateLimitHoldMs(error.retryAfterMs)), this.rulesFor(request.path));
      if (!retrying) throw error;
      this.logger.info('retrying', { path: request.path, attempt: attempt + 1, delayMs: delay, status: error.status });
      await sleep(delay);
    }
  }

  close(): void {
    this.agent.destroy();
  }

  private mayRetry(request: RestRequest, error: ApiError, attempt: number): boolean {
    if (request.retry !== 'idempotent' || attempt + 1 >= this.backoff.maxAttempts) return false;
    if (error.kind === 'network' || error.kind === 'timeout') return true;
    return error.status !== null && RETRYABLE_STATUS.has(error.status);
  }

  /** Undefined (the limiter matches its own rules) unless this transport was given a version's limits. */
  private rulesFor(path: string): readonly LimitRule[] | undefined {
    return this.limitRules === undefined ? undefined : rememberedRulesForPath(path, this.limitRules);
  }

  private encode(request: RestRequest): EncodedRequest {
    const query = encodeQuery(request.query);
    const body = request.method === 'GET' || request.body === undefined ? '' : encodeBody(request.body, this.bodyFormat);
    const headers: http.OutgoingHttpHeaders = { Accept: 'application/json' };
    if (body !== '') {
      headers['Content-Type'] = this.bodyFormat === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
      headers['Content-Length'] = Buffer.byteLength(body);
    }
    return { query, body, headers };
  }

  private async attempt(
    request: RestRequest,
    encoded: EncodedRequest,
    sent: SentRequest | undefined,
  ): Promise<Attempt> {
    const release = await this.limiter.acquire(request.path, this.scope, request.priority ?? 'user', this.rulesFor(request.path));
    let outcome: Attempt | RawResponse;
    try {
      outcome = await this.signAndExchange(request, encoded, sent);
    } finally {
      release();
    }
    // The reply is in: its slot counts from its arrival, not from the end of reading a large body.
    return 'text' in outcome ? parseBody(outcome) : outcome;
  }

  private async signAndExchange(
    request: RestRequest,
    encoded: EncodedRequest,
    sent: SentRequest | undefined,
  ): Promise<Attempt | RawResponse> {
    const { query, body } = encoded;
    const signedAtMs = Math.floor(this.clock.now());
    const authorization = request.signed ? await this.authorize(request.method, request.path, query, body, signedAtMs) : null;
    if (sent !== undefined) {
      sent.sentAtMs = signedAtMs;
      sent.acceptedUntilMs = authorization?.acceptedUntilMs ?? null;
    }
    // Signed: a copy per attempt, since each attempt signs afresh and the log keeps the headers it was given.
    const headers = authorization === null ? encoded.headers : { ...encoded.headers, Authorization: authorization.header };
    const sentAtLocal = this.clock.localNow();
    // Headers go to the log as they are: the logger redacts Authorization by name.
    if (this.logsRequests) this.logger.debug('request', { method: request.method, path: request.path, query, headers, bodyBytes: body.length });
    let response: RawResponse;
    try {
      response = await this.exchange(request, query, body, headers);
    } catch (cause) {
      const error = cause instanceof ApiError ? cause : networkError(cause);
      this.onExchange?.({ method: request.method, path: request.path, status: null, durationMs: this.clock.localNow() - sentAtLocal });
      this.logger.warn('request failed', { method: request.method, path: request.path, kind: error.kind, message: error.message });
      return { ok: false, error };
    }
    const receivedAtLocal = this.clock.localNow();
    this.clock.observe(header(response, 'date'), sentAtLocal, receivedAtLocal);
    this.onExchange?.({ method: request.method, path: request.path, status: response.status, durationMs: receivedAtLocal - sentAtLocal });
    if (response.status >= 200 && response.status < 300) return response;
    const error = serviceError(response, receivedAtLocal, rightNeededBy(request.method, request.path));
    this.logger.warn('service refused', { method: request.method, path: request.path, status: error.status, code: error.code, requestId: error.requestId, description: error.description });
    const acceptedUntilMs = authorization?.acceptedUntilMs ?? null;
    return { ok: false, error, signed: acceptedUntilMs === null ? undefined : { signedAtMs, windowMs: acceptedUntilMs - signedAtMs } };
  }

  private async authorize(method: string, path: string, query: string, body: string, timestampMs: number): Promise<SignedAuthorization> {
    const credentials = this.credentials;
    if (credentials === undefined) throw new ApiError({ kind: 'input', message: 'This call needs an API key', field: 'apiKey' });
    const secret = await credentials.readSecret();
    return this.signer(credentials.scheme, credentials.apiKey, secret, { method, path, query, body, timestampMs, windowMs: this.windowMs });
  }

  private exchange(request: RestRequest, query: string, body: string, headers: http.OutgoingHttpHeaders): Promise<RawResponse> {
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    return new Promise<RawResponse>((resolve, reject) => {
      // `timeout` as an option rather than setTimeout(): the same socket inactivity timer, armed without a listener per request.
      const req = this.client.request({
        hostname: this.url.hostname, port: this.url.port, agent: this.agent, timeout: timeoutMs,
        method: request.method, path: query === '' ? request.path : `${request.path}?${query}`, headers,
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, text: textOf(chunks) }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new ApiError({ kind: 'timeout', message: `No answer within ${timeoutMs} ms` })));
      req.on('error', reject);
      req.end(body === '' ? undefined : body);
    });
  }
}

/** A small reply arrives in one chunk: decoded as it is, without copying it into a new buffer first. */
function textOf(chunks: Buffer[]): string {
  const only = chunks.length === 1 ? chunks[0] : undefined;
  return (only ?? Buffer.concat(chunks)).toString('utf8');
}

/**
 * The first value of header `name` (lower case), read from the raw list: node builds the
 * `headers` object on first access, which a successful read has no other use for.
 */
function header(response: RawResponse, name: string): string | undefined {
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const field = raw[i];
    if (field !== undefined && field.length === name.length && field.toLowerCase() === name) return raw[i + 1];
  }
  return undefined;
}

function parseBody(response: RawResponse): Attempt {
  if (response.text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: parseJsonExact(response.text) };
  } catch {
    return { ok: false, error: new ApiError({ kind: 'response', status: response.status, message: 'The service sent a reply that is not JSON' }) };
  }
}

function serviceError(response: RawResponse, nowLocal: number, neededRight: KeyRight | undefined): ApiError {
  let body: unknown = null;
  try {
    body = parseJsonExact(response.text);
  } catch {
    body = null;
  }
  const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : null;
  const fields = typeof error === 'object' && error !== null ? error : {};
  const text = (name: string): string | undefined => {
    const value: unknown = name in fields ? Reflect.get(fields, name) : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  const code = text('code');
  return new ApiError({
    kind: 'service',
    status: response.status,
    code: code !== undefined && /^\d+$/.test(code) ? Number.parseInt(code, 10) : response.status,
    message: text('message') ?? `HTTP ${response.status}`,
    description: text('description'),
    requestId: header(response, 'x-request-id') ?? text('requestId'),
    retryAfterMs: parseRetryAfter(header(response, 'retry-after'), nowLocal),
    neededRight,
  });
}

function networkError(cause: unknown): ApiError {
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  const message = cause instanceof Error ? cause.message : String(cause);
  return new ApiError({ kind: 'network', message: `${code} ${message}`.trim(), notSent: NOT_SENT_CODES.has(code) });
}

/** True when a request may have been executed although no success was seen. */
export function outcomeUnknown(error: ApiError): boolean {
  if (error.kind === 'timeout') return true;
  if (error.kind === 'network') return !error.notSent;
  // A 2xx whose body we cannot read: the service did something.
  if (error.kind === 'response') return error.status === null || (error.status >= 200 && error.status < 300);
  return error.kind === 'service' && error.status !== null && error.status >= 500 && (error.code === null || (error.code >= 500 && error.code < 600) || error.code === 22008);
}
