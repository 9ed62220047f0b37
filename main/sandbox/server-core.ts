// Assembles the sandbox: database, seed, account-side routes and streams, test controls, HTTP and
// WebSocket on loopback. The public market side is plugged in by server.ts (see PublicSide).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { SandboxClock } from './clock';
import { createContext, type RateSource, type SandboxContext } from './context';
import { canTransact } from './db/accounts';
import { createControlHandler } from './controls/routes';
import { FaultRegistry } from './controls/faults';
import { ResponseStats } from './controls/stats';
import { openDatabase, readMeta, wipeDatabase, writeMeta, type SandboxDb } from './db/open';
import { ServiceError } from './http/errors';
import { createRequestHandler, sendError, type SideHandler } from './http/handler';
import { Router } from './http/router';
import type { RouteRegistry } from './http/route';
import type { RunningSandbox, SandboxKeyPair, SandboxOptions } from './options';
import { LimitPolicy } from './limits/policy';
import { HistoryGate } from './seed/history-gate';
import { hasLateHistory, writeLateHistoryInSlices } from './seed/late-history';
import { seedIfEmpty } from './seed/seed';
import { SpotEngine } from './spot/engine';
import { createTradingStream } from './stream/trading';
import { createWalletStream } from './stream/wallet';
import { registerAccountRoutes, createAccountSideHandlers, startAccountTimers } from './account-side';
import type { Market } from './market';
import type { StreamEndpoint } from './stream/endpoint';
import { createV2Streams } from './stream/v2/endpoints';
import { registerV2Routes } from './v2/routes';

export interface PublicSide {
  market: Market;
  registerRoutes(routes: RouteRegistry): void;
  createStream(allowMessage: (ip: string) => boolean): StreamEndpoint;
}

export type PublicSideFactory = (clock: SandboxClock, seed: number, light: boolean) => PublicSide;

const DEFAULT_PING_MS = 30_000;
const CLOCK_OFFSET_KEY = 'clock_offset_ms';
const NO_MARKET: RateSource = { rate: () => null };

export async function buildSandbox(options: SandboxOptions, makePublicSide: PublicSideFactory | null): Promise<RunningSandbox> {
  const clock = new SandboxClock();
  const seed = options.seed ?? 1;
  const db = openDatabase(options.db ?? ':memory:');
  restoreClock(db, clock);
  const publicSide = makePublicSide?.(clock, seed, options.lightSeed === true) ?? null;
  const ctx = createContext(db, clock, seed, publicSide?.market ?? NO_MARKET);
  const seedOptions = { apiKey: options.apiKey, secretKey: options.secretKey, lightSeed: options.lightSeed, seededHistory: options.seededHistory };
  seedIfEmpty(ctx, { ...seedOptions, historyLater: true });
  // The seed's late part is written once the sandbox listens; what depends on it waits (HistoryGate).
  const gate = hasLateHistory(ctx) ? new HistoryGate() : null;
  const limits = new LimitPolicy(options.limits);
  const faults = new FaultRegistry();
  const stats = new ResponseStats();
  const router = new Router();
  publicSide?.registerRoutes(router);
  const engine = new SpotEngine(ctx, { enabled: limits.enabled, scale: options.limits?.scale ?? 1 });
  registerAccountRoutes(router, ctx, engine);
  registerV2Routes(router, ctx, engine, publicSide?.market ?? null);
  const sockets = new Set<WebSocket>();
  const dropSockets = (): number => {
    const count = sockets.size;
    for (const ws of sockets) ws.terminate();
    return count;
  };
  const side: SideHandler[] = [...createAccountSideHandlers(ctx)];
  if (options.controlToken) {
    side.push(createControlHandler({
      token: options.controlToken, ctx, faults, stats, dropSockets,
      reset: () => {
        dropSockets();
        faults.clear();
        stats.reset();
        limits.reset();
        wipeDatabase(db);
        ctx.accounts.clearCache();
        seedIfEmpty(ctx, seedOptions);
      },
    }));
  }
  const sessionDeps = {
    keys: ctx.accounts, limits, pingIntervalMs: options.pingIntervalMs ?? DEFAULT_PING_MS, clock: ctx.clock,
    accountActive: (id: number) => {
      const status = ctx.accounts.get(id)?.status;
      return status !== undefined && canTransact(status);
    },
  };
  const streams: Record<string, StreamEndpoint> = {
    '/api/3/ws/wallet': createWalletStream(ctx, sessionDeps),
    '/api/3/ws/trading': createTradingStream(ctx, engine, sessionDeps),
  };
  const publicStream = publicSide?.createStream((ip) => limits.allowStreamMessage('public', ip, null, 'subscribe'));
  if (publicStream) streams['/api/3/ws/public'] = publicStream;
  Object.assign(streams, createV2Streams({
    ctx, engine, market: publicSide?.market ?? null, limits,
    pingIntervalMs: sessionDeps.pingIntervalMs, accountActive: sessionDeps.accountActive,
  }));

  const handle = createRequestHandler({ router, keys: ctx.accounts, limits, faults, clock, side, stats });
  const server = createServer({ keepAlive: true }, gate === null ? handle : (req, res) => gate.admit(req, () => handle(req, res), (why) => sendError(res, unavailable(why))));
  server.keepAliveTimeout = 65_000;
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const go = () => upgrade(wss, streams, sockets, limits, req, socket, head);
    if (gate === null) return go();
    gate.admit(req, go, () => socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n'));
  });
  const stopTimers = startAccountTimers(ctx, engine);
  await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port ?? 0;
  const host = options.host ?? '127.0.0.1';
  ctx.baseUrl = `http://${host}:${port}`;
  // After the caller has learnt where the sandbox listens (its continuation runs first).
  if (gate !== null) setImmediate(() => void writeLateHistoryThen(ctx, gate));
  return {
    restUrl: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${port}`,
    // A getter: the reset control re-creates the keys (unless options fix them).
    get master() {
      return masterKeyPair(ctx);
    },
    close: async () => {
      stopTimers();
      dropSockets();
      for (const stream of Object.values(streams)) stream.close?.();
      publicSide?.market.close();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
  };
}

function upgrade(
  wss: WebSocketServer, streams: Record<string, StreamEndpoint>, sockets: Set<WebSocket>, limits: LimitPolicy,
  req: IncomingMessage, socket: Duplex, head: Buffer,
): void {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const stream = streams[path.replace(/\/+$/, '')];
  const ip = req.socket.remoteAddress ?? 'unknown';
  if (!stream) {
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    return;
  }
  if (!limits.openConnection(ip)) {
    socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\n\r\n');
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => {
    sockets.add(ws);
    ws.on('close', () => {
      sockets.delete(ws);
      limits.closeConnection(ip);
    });
    stream.handleConnection(ws, req);
  });
}

/** A file database remembers how far tests advanced the clock (the offset from real time), so a
 * restart never goes back in sandbox time. */
function restoreClock(db: SandboxDb, clock: SandboxClock): void {
  const offset = Number(readMeta(db, CLOCK_OFFSET_KEY) ?? 0);
  if (offset > 0) clock.advance(offset);
  clock.onAdvance((now) => writeMeta(db, CLOCK_OFFSET_KEY, String(now - Date.now())));
}

async function writeLateHistoryThen(ctx: SandboxContext, gate: HistoryGate): Promise<void> {
  try {
    await writeLateHistoryInSlices(ctx, () => new Promise((resolve) => setImmediate(resolve)));
    gate.open();
  } catch (error) {
    const why = `the sandbox could not write its seeded history: ${error instanceof Error ? error.message : String(error)}`;
    console.error(`[sandbox] ${why}`);
    gate.open(why);
  }
}

function unavailable(why: string): ServiceError {
  return new ServiceError(503, 503, 'Service unavailable', why);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function masterKeyPair(ctx: SandboxContext): SandboxKeyPair {
  const master = ctx.accounts.master();
  const key = master ? ctx.accounts.keysOf(master.id).find((k) => k.label === 'master') : undefined;
  if (!key) throw new Error('sandbox: the master account has no key');
  return { apiKey: key.apiKey, secretKey: key.secretKey, rights: [...key.rights] };
}
