// One JSON-RPC connection of the trading or wallet stream: envelope parsing, replies (with the
// request's id, or without when it had none), login (SUPPLEMENT.md §2), per-message limits, pings.
// Version 2's locations use the same session with their own dialect (see SessionDialect).
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { hmacHex, inReceiveWindow, sameText, DEFAULT_WINDOW_MS, MAX_WINDOW_MS, type KeyLookup, type StoredKey } from '../auth/authenticate';
import type { KeyRight } from '../auth/rights';
import { isRecord, parseJsonKeepingNumbers } from '../http/body';
import { ServiceError, errors } from '../http/errors';
import type { LimitPolicy } from '../limits/policy';
import type { StreamKind } from '../limits/tables';

export type RequestId = string | number | undefined;

export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export interface StreamRequest {
  method: string;
  params: Record<string, unknown>;
  id: RequestId;
}

export interface SessionDeps {
  kind: StreamKind;
  keys: KeyLookup;
  limits: LimitPolicy;
  pingIntervalMs: number;
  /** The sandbox clock (logins are checked against it as well as the wall clock). */
  clock: { now(): number };
  /** Whether the account may log in (active, not frozen or disabled). */
  accountActive(accountId: number): boolean;
  /** Protocol differences of a version; version 3's when absent. */
  dialect?: SessionDialect;
}

/** What differs between the versions' JSON-RPC streams. */
export interface SessionDialect {
  /** Version 3 answers a request without id (without id); version 2 treats it as a JSON-RPC
   * notification: executed, never answered. */
  answerRequestsWithoutId: boolean;
  /** Methods served before login (version 2's market data on its shared locations). */
  openMethods: ReadonlySet<string>;
  /** Checks the login params; returns the key they prove or throws 1002/1004. */
  authenticate(params: Record<string, unknown>, keys: KeyLookup, nows: readonly number[]): StoredKey;
}

export const V3_DIALECT: SessionDialect = {
  answerRequestsWithoutId: true,
  openMethods: new Set(),
  authenticate: authenticateV3,
};

export type MethodHandler = (session: StreamSession, request: StreamRequest) => unknown;

export class StreamSession {
  accountId: number | null = null;
  /** The rights of the key logged in with (none before login). */
  rights: readonly KeyRight[] = [];
  private readonly cleanups: (() => void)[] = [];
  private readonly ip: string;
  private readonly dialect: SessionDialect;

  constructor(
    readonly ws: WebSocket,
    req: IncomingMessage,
    private readonly deps: SessionDeps,
    private readonly methods: Readonly<Record<string, MethodHandler>>,
  ) {
    this.ip = req.socket.remoteAddress ?? 'unknown';
    this.dialect = deps.dialect ?? V3_DIALECT;
    const ping = setInterval(() => ws.ping(), deps.pingIntervalMs);
    this.onClose(() => clearInterval(ping));
    ws.on('message', (data, isBinary) => this.receive(isBinary ? '' : data.toString()));
    ws.on('close', () => this.close());
    ws.on('error', () => ws.terminate());
  }

  onClose(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  send(message: unknown): void {
    this.sendText(JSON.stringify(message));
  }

  /** Sends a message already serialised (once for every subscriber of a market feed). */
  sendText(text: string | Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    // A reader that lets this much pile up is disconnected rather than buffered without bound.
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.ws.send(text, { binary: false });
  }

  /**
   * Runs `work` right after the current reply (a subscription's snapshot follows its result), and
   * only if the socket is still open then: a sandbox shutting down closes its sockets before its
   * database, and a late snapshot must not read a closed database.
   */
  afterReply(work: () => void): void {
    setImmediate(() => {
      if (this.ws.readyState === this.ws.OPEN) work();
    });
  }

  /** A notification right after the current reply, its payload built then. */
  notifySoon(method: string, params: () => unknown): void {
    this.afterReply(() => this.notify(method, params()));
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  private receive(text: string): void {
    let request: StreamRequest;
    try {
      request = parseRequest(text);
    } catch (error) {
      this.replyError(undefined, error);
      return;
    }
    const answered = request.id !== undefined || this.dialect.answerRequestsWithoutId;
    if (!this.deps.limits.allowStreamMessage(this.deps.kind, this.ip, this.accountId, request.method)) {
      if (answered) this.replyError(request.id, errors.rateLimited());
      return;
    }
    try {
      const result = request.method === 'login' ? this.login(request.params) : this.dispatch(request);
      if (answered) this.send(withId({ jsonrpc: '2.0', result }, request.id));
    } catch (error) {
      if (answered) this.replyError(request.id, error);
    }
  }

  private dispatch(request: StreamRequest): unknown {
    const handler = this.methods[request.method];
    if (!handler) throw new ServiceError(400, -32601, 'Method not found', `No method ${request.method} on this location`);
    if (this.accountId === null && !this.dialect.openMethods.has(request.method)) throw errors.authRequired('Log in first (method login)');
    return handler(this, request);
  }

  private login(params: Record<string, unknown>): true {
    const key = this.dialect.authenticate(params, this.deps.keys, [Date.now(), this.deps.clock.now()]);
    if (!this.deps.accountActive(key.accountId)) throw new ServiceError(400, 10021, 'User disabled', 'The account is frozen or disabled');
    this.accountId = key.accountId;
    this.rights = key.rights;
    return true;
  }

  private replyError(id: RequestId, error: unknown): void {
    const serviceError = error instanceof ServiceError ? error : new ServiceError(500, 500, 'Internal Server Error', String(error));
    this.send(withId({ jsonrpc: '2.0', error: serviceError.toBody().error }, id));
  }

  private close(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }
}

/** Version 3 login (SUPPLEMENT.md §2): BASIC with the secret key, or HS256 over the timestamp. */
function authenticateV3(params: Record<string, unknown>, keys: KeyLookup, nows: readonly number[]): StoredKey {
  const type = String(params.type ?? params.algo ?? '').toUpperCase();
  const key = keys.findKey(String(params.api_key ?? ''));
  if (type !== 'HS256' && type !== 'BASIC') throw errors.unsupportedAuth();
  if (!key) throw errors.authFailed('Invalid API key');
  if (type === 'BASIC') {
    if (!sameText(String(params.secret_key ?? ''), key.secretKey)) throw errors.authFailed('Invalid secret key');
  } else {
    verifyStreamSignature(params, key, nows);
  }
  return key;
}

/** HS256 login: hex(HMAC-SHA256(secret, String(timestamp) + String(window or ''))). */
function verifyStreamSignature(params: Record<string, unknown>, key: StoredKey, nows: readonly number[]): void {
  const timestampText = String(params.timestamp ?? params.nonce ?? '');
  const windowText = params.window === undefined || params.window === null ? '' : String(params.window);
  if (!/^\d{1,16}$/.test(timestampText)) throw errors.authFailed('timestamp must be Unix milliseconds');
  if (windowText !== '' && !/^\d{1,6}$/.test(windowText)) throw errors.authFailed('window must be milliseconds');
  const window = windowText === '' ? DEFAULT_WINDOW_MS : Number.parseInt(windowText, 10);
  if (window > MAX_WINDOW_MS) throw errors.authFailed(`window must be at most ${MAX_WINDOW_MS} ms`);
  const timestamp = Number.parseInt(timestampText, 10);
  if (!inReceiveWindow(timestamp, window, nows)) throw errors.authFailed('Timestamp is outside the receive window');
  const expected = hmacHex(key.secretKey, timestampText + windowText);
  if (!sameText(String(params.signature ?? '').toLowerCase(), expected)) throw errors.authFailed('Invalid signature');
}

function parseRequest(text: string): StreamRequest {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError(400, 10001, 'Validation error', 'message: is not valid JSON');
  }
  if (!isRecord(value) || typeof value.method !== 'string') throw new ServiceError(400, 10001, 'Validation error', 'method: is required');
  // The reply echoes the id with its own type; params keep numbers as sent text (amounts).
  const id = typeof value.id === 'string' || typeof value.id === 'number' ? value.id : undefined;
  const exact = parseJsonKeepingNumbers(text) as Record<string, unknown>;
  const params = isRecord(exact.params) ? exact.params : {};
  return { method: value.method, params, id };
}

function withId<T extends object>(message: T, id: RequestId): T & { id?: string | number } {
  return id === undefined ? message : { ...message, id };
}
