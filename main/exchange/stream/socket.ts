// One streaming connection that stays up: a watchdog drops it when the service goes silent (no
// ping, no message) for `silenceMs`, reconnects back off with jitter, and every (re)connection runs
// `onOpen` (log in, resubscribe) before the stream counts as live.
import WebSocket from 'ws';
import { STREAM_BACKOFF, backoffDelayMs, type BackoffPolicy } from '../backoff';
import { ApiError } from '../errors';
import { isObject, parseJsonExact, type JsonObject } from '../json';
import type { RateLimiter } from '../limiter';
import { silentLogger, type ExchangeLogger } from '../log';
import type { LimitRule } from '../rate-limits';

export const CONNECTION_STATES = ['connecting', 'live', 'down'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export interface ConnectionStateEvent {
  stream: string;
  state: ConnectionState;
  detail?: string;
}

export interface SocketOptions {
  url: string;
  /** Label in state events: 'public', 'wallet', 'trading'. */
  stream: string;
  /** Silence that counts as a dead link; the service pings every 30 s. */
  silenceMs?: number;
  backoff?: BackoffPolicy;
  requestTimeoutMs?: number;
  logger?: ExchangeLogger;
  limiter?: RateLimiter;
  limitScope?: { host: string; account?: string };
  limitRules?: readonly LimitRule[];
  onOpen: (socket: ResilientSocket) => Promise<void>;
  onNotification: (message: JsonObject) => void;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class ResilientSocket {
  private ws: WebSocket | undefined;
  private readonly pending = new Map<string, Pending>();
  private readonly stateListeners = new Set<(event: ConnectionStateEvent) => void>();
  private nextId = 1;
  private attempt = 0;
  private watchdog: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stopped = true;
  /** Why the last setup failed, reported with the 'down' that follows. */
  private setupFailure: string | undefined;
  state: ConnectionState = 'down';
  /** How many times a connection was opened (tests and diagnostics). */
  connections = 0;

  constructor(private readonly options: SocketOptions) {}

  onState(listener: (event: ConnectionStateEvent) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.watchdog);
    this.ws?.close();
    this.ws = undefined;
    this.failPending(new Error('stream closed'));
    this.setState('down', 'closed');
  }

  /** JSON-RPC style request with an id; resolves with `result`, rejects with ApiError on `error`. */
  async request(method: string, params?: unknown, extra: JsonObject = {}): Promise<unknown> {
    const ws = this.ws;
    if (ws === undefined || ws.readyState !== WebSocket.OPEN) throw new ApiError({ kind: 'network', message: `${this.options.stream} stream is not connected` });
    await this.throttle();
    const requestId = String(this.nextId++);
    const timeoutMs = this.options.requestTimeoutMs ?? 10_000;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new ApiError({ kind: 'timeout', message: `${method}: no reply within ${timeoutMs} ms` }));
      }, timeoutMs);
      this.pending.set(requestId, { resolve, reject, timer });
      const message = params === undefined ? { method, ...extra, id: requestId } : { method, ...extra, params, id: requestId };
      ws.send(JSON.stringify(message));
    });
  }

  private async throttle(): Promise<void> {
    const { limiter, limitScope, limitRules } = this.options;
    if (limiter !== undefined && limitScope !== undefined && limitRules !== undefined) {
      // A stream message is counted when sent: there is no reply to wait for on notifications.
      const release = await limiter.acquire(`ws:${this.options.stream}`, limitScope, 'user', limitRules);
      release();
    }
  }

  private connect(): void {
    this.setState('connecting');
    const ws = new WebSocket(this.options.url);
    this.ws = ws;
    // One watchdog per connection, pushed back by every ping or message rather than re-created.
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.options.logger?.warn('stream silent: reconnecting', { stream: this.options.stream });
      ws.terminate();
    }, this.options.silenceMs ?? 35_000);
    ws.on('open', () => void this.opened(ws));
    ws.on('ping', () => this.heard(ws));
    ws.on('message', (data: WebSocket.RawData) => {
      this.heard(ws);
      this.received(data);
    });
    ws.on('error', (error: Error) => this.options.logger?.warn('stream error', { stream: this.options.stream, message: error.message }));
    ws.on('close', (code: number) => this.closed(ws, `closed (${code})`));
  }

  private async opened(ws: WebSocket): Promise<void> {
    this.connections += 1;
    try {
      await this.options.onOpen(this);
      if (this.ws !== ws) return;
      this.attempt = 0;
      this.setState('live');
    } catch (error) {
      const detail = error instanceof ApiError ? error.userMessage : String(error);
      (this.options.logger ?? silentLogger).warn('stream setup failed', { stream: this.options.stream, detail });
      this.setupFailure = detail;
      if (this.ws === ws) ws.terminate();
    }
  }

  private received(data: WebSocket.RawData): void {
    let message: unknown;
    try {
      message = parseJsonExact(data.toString());
    } catch {
      this.options.logger?.warn('stream sent a message that is not JSON', { stream: this.options.stream });
      return;
    }
    if (!isObject(message)) return;
    const messageId = typeof message.id === 'string' ? message.id : undefined;
    const pending = messageId === undefined ? undefined : this.pending.get(messageId);
    if (pending === undefined || messageId === undefined) {
      this.options.onNotification(message);
      return;
    }
    this.pending.delete(messageId);
    clearTimeout(pending.timer);
    if (isObject(message.error)) pending.reject(streamError(message.error));
    else pending.resolve(message.result);
  }

  private closed(ws: WebSocket, detail: string): void {
    if (this.ws !== ws) return;
    clearTimeout(this.watchdog);
    this.ws = undefined;
    this.failPending(new ApiError({ kind: 'network', message: `${this.options.stream} stream ${detail}` }));
    if (this.stopped) return;
    this.setState('down', this.setupFailure ?? detail);
    this.setupFailure = undefined;
    const delay = backoffDelayMs(this.attempt, this.options.backoff ?? STREAM_BACKOFF);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  /**
   * The service spoke on `ws`: restart its silence countdown. Only for the current connection,
   * whose watchdog is running: refresh() on a cleared timer would start it again.
   */
  private heard(ws: WebSocket): void {
    if (this.ws === ws) this.watchdog?.refresh();
  }

  private failPending(error: Error): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }

  private setState(state: ConnectionState, detail?: string): void {
    if (this.state === state && state !== 'down') return;
    this.state = state;
    const event: ConnectionStateEvent = detail === undefined ? { stream: this.options.stream, state } : { stream: this.options.stream, state, detail };
    for (const listener of this.stateListeners) listener(event);
  }
}

function streamError(error: JsonObject): ApiError {
  const code = typeof error.code === 'string' && /^\d+$/.test(error.code) ? Number.parseInt(error.code, 10) : null;
  return new ApiError({
    kind: 'service', code,
    message: typeof error.message === 'string' ? error.message : 'stream error',
    description: typeof error.description === 'string' ? error.description : undefined,
  });
}
