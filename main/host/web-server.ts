// The web host: the built renderer and the contract socket on 127.0.0.1 only. Every HTTP request
// and upgrade must carry our own Host (no DNS rebinding) and, when present, our own Origin; the
// socket additionally needs the per-launch token. Refusals happen before any upgrade.
// Nothing here loads the core or the contract's schemas: the web host listens (and the browser
// starts on the page) before the core's code is even read; server.ts adds the default call gate.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { WIRE_PATH } from '../../preload/contract/wire';
import type { CallGate } from '../core/call-gate';
import type { EventBus } from '../core/events';
import { contentSecurityPolicy } from '../electron/policy';
import {
  allowedHosts,
  createToken,
  isAllowedHost,
  isAllowedHttpOrigin,
  isAllowedOrigin,
  launchUrl,
  LOOPBACK_ADDRESS,
  tokenMatches,
} from './guards';
import { handleReviewUpload, isReviewUpload, type ReviewUploadSink } from './review-upload';
import { plain, serveStatic } from './static-files';
import { attachWireSession, send } from './wire-session';

const requireHere = createRequire(__filename);

export interface WebServerOptions {
  /** Back-pressure in front of dispatch, shared by every socket. */
  gate: Pick<CallGate, 'connect'>;
  events: Pick<EventBus, 'subscribe'>;
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Tried first; when it is taken (or refused) the host falls back to `port`. */
  preferredPort?: number;
  /** Fixed token for tests; otherwise a fresh random one per launch. */
  token?: string;
  /** Takes an export sent for review (review-upload.ts); without it the route answers 503. */
  reviewUpload?: ReviewUploadSink;
}

export interface RunningHost {
  port: number;
  token: string;
  /** http://127.0.0.1:<port>/#token=<token> */
  url: string;
  /** Resolves once no HTTP request is being answered (at once when none is). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 1024 * 1024;

export async function startWebServer(options: WebServerOptions): Promise<RunningHost> {
  const token = options.token ?? createToken();
  const sockets = new Set<WebSocket>();
  const gate = options.gate;
  // The WebSocket library is read at the first socket, not before the page's URL can be printed.
  let wss: WebSocketServer | null = null;
  const socketServer = (): WebSocketServer =>
    (wss ??= new (requireHere('ws') as typeof import('ws')).WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES }));
  const server = createServer();
  const port = await listenPreferring(server, options.preferredPort, options.port ?? 0);
  const headers = securityHeaders(port);
  const answering = trackAnswering(server);

  server.on('request', (req, res) => {
    const handled = isReviewUpload(req.url)
      ? securedWith(res, headers, () => handleReviewUpload(req, res, { port, token, sink: options.reviewUpload }))
      : handleRequest(req, res, options.rendererDir, port, headers);
    handled.catch(() => {
      if (!res.headersSent) plain(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  server.on('upgrade', (req, socket, head) => {
    // A peer resetting mid-handshake must not become an uncaught 'error' on the raw socket.
    socket.on('error', () => socket.destroy());
    const refusal = upgradeRefusal(req, port, token);
    if (refusal) return refuse(socket, refusal);
    socketServer().handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      // An oversized or broken frame closes that socket; without a listener it would crash the host.
      ws.on('error', () => ws.terminate());
      attachWireSession(ws, gate);
    });
  });
  const unsubscribe = options.events.subscribe((event, payload) => {
    for (const ws of sockets) send(ws, { type: 'event', event, payload });
  });

  return {
    port,
    token,
    url: launchUrl(port, token),
    idle: answering.idle,
    close: async () => {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Counts the requests being answered, so work that can wait is done between them (see cli.ts). */
function trackAnswering(server: Server): { idle(): Promise<void> } {
  let inFlight = 0;
  let waiters: Array<() => void> = [];
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight > 0) return;
      const waiting = waiters;
      waiters = [];
      for (const wake of waiting) wake();
    });
  });
  return {
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  };
}

/** The preferred port when it is free, otherwise `port`. */
async function listenPreferring(server: Server, preferred: number | undefined, port: number): Promise<number> {
  if (preferred !== undefined && preferred > 0 && port === 0) {
    try {
      return await listen(server, preferred);
    } catch {
      // taken by another program (or not ours to use): any free port will do
    }
  }
  return listen(server, port);
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK_ADDRESS, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('The host is not on a TCP port'));
      else resolve(address.port);
    });
  });
}

function securityHeaders(port: number): Record<string, string> {
  const socketOrigins = allowedHosts(port).map((host) => `ws://${host}`);
  return {
    'Content-Security-Policy': contentSecurityPolicy(socketOrigins),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

function securedWith(res: ServerResponse, headers: Record<string, string>, handle: () => Promise<void>): Promise<void> {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  return handle();
}

async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  rendererDir: string,
  port: number,
  headers: Record<string, string>,
): Promise<void> {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (!isAllowedHost(req.headers.host, port)) return plain(res, 421, 'Unknown Host');
  if (!isAllowedHttpOrigin(req.headers.origin, port)) return plain(res, 403, 'Foreign Origin');
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed');
  const path = new URL(req.url ?? '/', `http://${LOOPBACK_ADDRESS}`).pathname;
  await serveStatic(rendererDir, path, req.method === 'HEAD', res, req.headers['accept-encoding']);
}

interface Refusal {
  status: number;
  reason: string;
}

/** Why an upgrade is refused, or null when it may proceed. Order: path, Host, Origin, token. */
export function upgradeRefusal(req: IncomingMessage, port: number, token: string): Refusal | null {
  const url = targetUrl(req.url);
  // A target no URL can be made of ('//[') would otherwise throw in this listener, where nothing catches it.
  if (url === null) return { status: 400, reason: 'Bad Request' };
  if (url.pathname !== WIRE_PATH) return { status: 404, reason: 'Not Found' };
  if (!isAllowedHost(req.headers.host, port)) return { status: 421, reason: 'Misdirected Request' };
  if (!isAllowedOrigin(req.headers.origin, port)) return { status: 403, reason: 'Forbidden' };
  if (!tokenMatches(url.searchParams.get('token'), token)) return { status: 401, reason: 'Unauthorized' };
  return null;
}

function targetUrl(target: string | undefined): URL | null {
  try {
    return new URL(target ?? '/', `http://${LOOPBACK_ADDRESS}`);
  } catch {
    return null;
  }
}

function refuse(socket: Duplex, { status, reason }: Refusal): void {
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
