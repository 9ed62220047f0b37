// A tiny loopback server carrying only the market side (public REST routes and the public stream),
// for conformance tests of this part on its own. Test code only: the real server is sandbox-core's.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { SandboxClock } from '../../../../main/sandbox/clock';
import { ServiceError } from '../../../../main/sandbox/http/errors';
import type { HttpMethod, RouteHandler, RouteRegistry } from '../../../../main/sandbox/http/route';
import { createMarket, type Market } from '../../../../main/sandbox/market';
import { registerPublicRoutes } from '../../../../main/sandbox/routes/public';
import { createPublicStream } from '../../../../main/sandbox/stream/public';

interface Route {
  method: string;
  segments: string[];
  handler: RouteHandler;
}

class MiniRegistry implements RouteRegistry {
  readonly routes: Route[] = [];
  add(method: HttpMethod, pattern: string, _right: unknown, handler: RouteHandler): void {
    this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler });
  }
  match(method: string, path: string): { handler: RouteHandler; params: Record<string, string> } | null {
    const actual = path.split('/').filter(Boolean);
    for (const r of this.routes) {
      if (r.method !== method || r.segments.length !== actual.length) continue;
      const params: Record<string, string> = {};
      const ok = r.segments.every((s, i) => (s.startsWith(':') ? ((params[s.slice(1)] = decodeURIComponent(actual[i]!)), true) : s === actual[i]));
      if (ok) return { handler: r.handler, params };
    }
    return null;
  }
}

export interface MarketHarness {
  restUrl: string;
  wsUrl: string;
  clock: SandboxClock;
  market: Market;
  close(): Promise<void>;
}

export interface HarnessOptions {
  seed?: number;
  pingIntervalMs?: number;
  allowMessage?: (ip: string) => boolean;
  /** Ninety days of history instead of six hours. */
  light?: boolean;
}

export async function startMarketHarness(opts: HarnessOptions = {}): Promise<MarketHarness> {
  const clock = new SandboxClock();
  const market = createMarket({ seed: opts.seed ?? 1, clock, light: opts.light ?? true });
  const registry = new MiniRegistry();
  registerPublicRoutes(registry, market);
  const stream = createPublicStream({ market, clock, pingIntervalMs: opts.pingIntervalMs ?? 30_000, allowMessage: opts.allowMessage ?? (() => true) });
  const server = createServer((req, res) => void respond(registry, clock, req, res));
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith('/api/3/ws/public')) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => stream.handleConnection(ws, req));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    restUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    clock,
    market,
    async close() {
      stream.close();
      market.close();
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function respond(registry: MiniRegistry, clock: SandboxClock, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const match = registry.match(req.method ?? 'GET', url.pathname);
  let status = 200;
  let body: unknown;
  try {
    if (!match) throw new ServiceError(404, 404, 'Not found', url.pathname);
    body = await match.handler({
      method: req.method ?? 'GET', path: url.pathname, params: match.params, query: url.searchParams, body: {}, bodyValue: undefined,
      key: null, ip: req.socket.remoteAddress ?? '', clock,
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    status = error.status;
    body = error.toBody();
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
