// The market-data stream, {ws_url}/api/3/ws/public (api-v3.md): subscribe, unsubscribe and
// subscriptions on every channel, snapshots and updates driven by the market simulator, timed
// channels pushed by shared beats, a WebSocket ping every pingIntervalMs, and a 429 error reply for
// messages over the caller's limit. Requests without an id are answered without one.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { SandboxClock } from '../clock';
import { ServiceError, errors, validationError } from '../http/errors';
import type { Market } from '../market';
import { parseChannel, readParams, type Channel } from './public-channels';
import { Pusher, snapshotBodies } from './public-push';
import { TopicRegistry, type Subscriber } from './public-topics';

export interface PublicStreamDeps {
  market: Market;
  clock: SandboxClock;
  pingIntervalMs: number;
  allowMessage: (ip: string) => boolean;
}

export interface PublicStream {
  handleConnection(ws: WebSocket, req: IncomingMessage): void;
  close(): void;
}

/** A reader this far behind is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
const BEATS_MS = [100, 500, 1000, 3000] as const;

type RequestId = string | number | undefined;

class Connection implements Subscriber {
  private corked = false;

  constructor(readonly ws: WebSocket, readonly ip: string, private readonly socket: Duplex) {}

  send(message: string | Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    // Everything sent in one turn of the event loop leaves in one write, not one syscall per frame.
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    this.ws.send(message, { binary: false });
  }
}

export function createPublicStream(deps: PublicStreamDeps): PublicStream {
  const topics = new TopicRegistry();
  const pusher = new Pusher(deps.market, topics);
  const connections = new Set<Connection>();
  const stopTrades = deps.market.onTrades((e) => pusher.onTrades(e));
  const stopBook = deps.market.onBook((e) => pusher.onBook(e));
  const timers = BEATS_MS.map((ms) => setInterval(() => pusher.beat(ms), ms));
  timers.push(setInterval(() => {
    for (const c of connections) if (c.ws.readyState === c.ws.OPEN) c.ws.ping();
  }, deps.pingIntervalMs));
  for (const t of timers) t.unref();

  const handler = new RequestHandler(deps.market, topics);
  return {
    handleConnection(ws, req) {
      const conn = new Connection(ws, req.socket.remoteAddress ?? 'unknown', req.socket);
      connections.add(conn);
      ws.on('message', (data, isBinary) => {
        if (!deps.allowMessage(conn.ip)) return conn.send(errorReply(errors.rateLimited(), idOf(data.toString())));
        handler.handle(conn, isBinary ? '' : data.toString());
      });
      ws.on('close', () => {
        connections.delete(conn);
        topics.removeSubscriber(conn);
      });
      ws.on('error', () => ws.terminate());
    },
    close() {
      stopTrades();
      stopBook();
      for (const t of timers) clearInterval(t);
      for (const c of connections) c.ws.terminate();
      connections.clear();
    },
  };
}

function errorReply(error: ServiceError, id: RequestId): string {
  return JSON.stringify(id === undefined ? error.toBody() : { ...error.toBody(), id });
}

function idOf(text: string): RequestId {
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? validId(parsed.id) : undefined;
  } catch {
    return undefined;
  }
}

function validId(id: unknown): RequestId {
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class RequestHandler {
  constructor(private readonly market: Market, private readonly topics: TopicRegistry) {}

  handle(conn: Connection, text: string): void {
    let id: RequestId;
    try {
      let request: unknown;
      try {
        request = JSON.parse(text);
      } catch {
        throw validationError('message', 'must be a JSON object');
      }
      if (!isObject(request)) throw validationError('message', 'must be a JSON object');
      id = validId(request.id);
      const channel = this.channelOf(request.ch);
      const params = request.params === undefined ? {} : request.params;
      if (!isObject(params)) throw validationError('params', 'must be an object');
      switch (request.method) {
        case 'subscribe': return this.subscribe(conn, channel, params, id);
        case 'unsubscribe': return this.unsubscribe(conn, channel, params, id);
        case 'subscriptions': return this.subscriptions(conn, channel, params, id);
        default: throw validationError('method', 'must be subscribe, unsubscribe or subscriptions');
      }
    } catch (error) {
      // An unexpected failure answers this request only; the connection and the server live on.
      const reply = error instanceof ServiceError ? error : new ServiceError(500, 500, 'Internal Server Error', 'The request could not be handled');
      if (!(error instanceof ServiceError)) console.error('sandbox public stream request failed:', error);
      conn.send(errorReply(reply, id));
    }
  }

  private channelOf(ch: unknown): Channel {
    if (typeof ch !== 'string' || ch === '') throw validationError('ch', 'is required');
    const channel = parseChannel(ch);
    if (!channel) throw validationError('ch', `unknown channel ${ch}`);
    return channel;
  }

  private reply(conn: Connection, channel: Channel, subscriptions: string[], target: string | undefined, id: RequestId): void {
    const result = target === undefined ? { ch: channel.name, subscriptions } : { ch: channel.name, subscriptions, target_currency: target };
    conn.send(JSON.stringify(id === undefined ? { result } : { result, id }));
  }

  private subscribe(conn: Connection, channel: Channel, params: Record<string, unknown>, id: RequestId): void {
    const p = readParams(channel, params, this.market);
    // Catch the market up first, so a book snapshot and the updates after it share one sequence.
    this.market.sync();
    const subscriptions = this.topics.add(conn, channel, p.target, p.items);
    this.reply(conn, channel, subscriptions, p.target, id);
    const topic = this.topics.topics.get(TopicRegistry.key(channel, p.target));
    if (topic && !channel.timed) for (const message of snapshotBodies(this.market, topic, p.items, p.limit)) conn.send(message);
  }

  private unsubscribe(conn: Connection, channel: Channel, params: Record<string, unknown>, id: RequestId): void {
    const p = readParams(channel, params, this.market, true);
    const keys = p.target === undefined ? this.topics.keysOf(conn, channel.name) : [TopicRegistry.key(channel, p.target)];
    for (const key of keys) this.topics.remove(conn, key, p.items);
    const remaining = [...new Set(keys.flatMap((k) => this.topics.list(conn, k)))].sort();
    this.reply(conn, channel, remaining, p.target, id);
  }

  private subscriptions(conn: Connection, channel: Channel, params: Record<string, unknown>, id: RequestId): void {
    const target = typeof params.target_currency === 'string' ? params.target_currency.toUpperCase() : undefined;
    const keys = target === undefined ? this.topics.keysOf(conn, channel.name) : [TopicRegistry.key(channel, target)];
    const items = [...new Set(keys.flatMap((k) => this.topics.list(conn, k)))].sort();
    this.reply(conn, channel, items, target, id);
  }
}
