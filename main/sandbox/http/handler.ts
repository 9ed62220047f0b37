// The REST pipeline: faults → per-IP limit → route → auth (401) → right (403) → per-account
// limit → body and parameters (10001) → handler. The client probes key rights with deliberately
// invalid requests, so 403 must come before any validation error.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, type KeyLookup } from '../auth/authenticate';
import type { SandboxClock } from '../clock';
import type { FaultRegistry } from '../controls/faults';
import type { ResponseStats } from '../controls/stats';
import type { LimitPolicy } from '../limits/policy';
import { parseBody } from './body';
import { ServiceError, errors } from './errors';
import { ANY_KEY, EncodedJson, type AuthenticatedKey, type RouteContext } from './route';
import type { Router } from './router';

export const MAX_BODY_BYTES = 1_048_576;

/** Handles paths outside /api (controls, checkout pages); returns false when not its path. */
export type SideHandler = (req: IncomingMessage, res: ServerResponse, raw: RawRequest) => Promise<boolean>;

export interface RawRequest {
  method: string;
  path: string;
  rawQuery: string;
  rawBody: string;
  ip: string;
}

export interface HandlerDeps {
  router: Router;
  keys: KeyLookup;
  limits: LimitPolicy;
  faults: FaultRegistry;
  clock: SandboxClock;
  side: SideHandler[];
  /** Counts the replies of the service's own paths. */
  stats?: ResponseStats;
}

export function createRequestHandler(deps: HandlerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // The service's time, as a real service stamps it: clients learn their clock offset from it.
    res.setHeader('Date', new Date(deps.clock.now()).toUTCString());
    readRaw(req)
      .then(async (raw) => {
        for (const side of deps.side) if (await side(req, res, raw)) return;
        const stats = deps.stats;
        if (stats !== undefined) res.once('finish', () => stats.count(res.statusCode, raw.path));
        const body = await handleApi(deps, req, raw);
        sendJson(res, 200, body);
      })
      .catch((error: unknown) => sendError(res, error));
  };
}

async function handleApi(deps: HandlerDeps, req: IncomingMessage, raw: RawRequest): Promise<unknown> {
  if (deps.faults.empty) return routeAndRun(deps, req, raw);
  await applyFaults(deps.faults, raw, false);
  const result = await routeAndRun(deps, req, raw);
  await applyFaults(deps.faults, raw, true);
  return result;
}

/** Injected latency, then an injected error, for the phase before or after handling. */
async function applyFaults(faults: FaultRegistry, raw: RawRequest, after: boolean): Promise<void> {
  const latency = faults.latencyFor(raw.method, raw.path, after);
  if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
  const fault = faults.takeError(raw.method, raw.path, after);
  if (fault) throw fault;
}

async function routeAndRun(deps: HandlerDeps, req: IncomingMessage, raw: RawRequest): Promise<unknown> {
  if (!deps.limits.allowRestForIp(raw.ip, raw.path)) throw errors.rateLimited();
  const match = deps.router.match(raw.method, raw.path);
  if (!match) throw errors.notFound(raw.path);
  let key: AuthenticatedKey | null = null;
  const right = match.route.right;
  if (right !== null) {
    key = authenticate(req.headers.authorization, raw, deps.keys, [Date.now(), deps.clock.now()]);
    if (right !== ANY_KEY && !key.rights.includes(right)) throw errors.forbidden(right);
    if (!deps.limits.allowRestForAccount(key.accountId, raw.path)) throw errors.rateLimited();
  }
  const body = parseBody(raw.rawBody, req.headers['content-type']);
  const ctx: RouteContext = {
    method: raw.method, path: raw.path, params: match.params, query: new URLSearchParams(raw.rawQuery),
    body: body.fields, bodyValue: body.value, key, ip: raw.ip, clock: deps.clock,
  };
  return match.route.handler(ctx);
}

function readRaw(req: IncomingMessage): Promise<RawRequest> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ServiceError(413, 10001, 'Validation error', 'body: too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      resolve({
        method: (req.method ?? 'GET').toUpperCase(),
        path: q < 0 ? url : url.slice(0, q),
        rawQuery: q < 0 ? '' : url.slice(q + 1),
        rawBody: Buffer.concat(chunks).toString('utf8'),
        ip: req.socket.remoteAddress ?? 'unknown',
      });
    });
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  // Encoded once: the length and the bytes sent come from the same buffer.
  const payload = body instanceof EncodedJson ? body.bytes : Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': payload.length });
  res.end(payload);
}

export function sendError(res: ServerResponse, error: unknown): void {
  if (error instanceof ServiceError) {
    sendJson(res, error.status, error.toBody());
    return;
  }
  const description = error instanceof Error ? error.message : String(error);
  console.error('sandbox: internal error', error);
  sendJson(res, 500, { error: { code: 500, message: 'Internal Server Error', description } });
}
