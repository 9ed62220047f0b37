// Version 2 streams (api-v2.md): JSON-RPC 2.0 at /api/2/ws/public (market data), /trading and
// /account (after login), and the deprecated single /api/2/ws serving every method. Each location
// is the version 3 StreamSession in version 2's dialect over the same context, engine and market.
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { SandboxContext } from '../../context';
import type { StreamKind } from '../../limits/tables';
import type { Market } from '../../market';
import type { StreamEndpoint } from '../endpoint';
import type { SpotEngine } from '../../spot/engine';
import type { LimitPolicy } from '../../limits/policy';
import { StreamSession, type MethodHandler } from '../session';
import { accountMethods } from './account';
import { v2Dialect } from './login';
import { marketMethods } from './market';
import { V2MarketFeed } from './market-feed';
import { tradingMethods } from './trading';

export interface V2StreamDeps {
  ctx: SandboxContext;
  engine: SpotEngine;
  market: Market | null;
  limits: LimitPolicy;
  pingIntervalMs: number;
  accountActive(accountId: number): boolean;
}

export function createV2Streams(deps: V2StreamDeps): Record<string, StreamEndpoint> {
  const feed = deps.market ? new V2MarketFeed(deps.market) : null;
  const market = deps.market && feed ? marketMethods(deps.market, feed) : {};
  const trading = tradingMethods(deps.ctx, deps.engine);
  const account = accountMethods(deps.ctx);
  // Market data needs no login wherever it is served.
  const dialect = v2Dialect(new Set(Object.keys(market)));
  const endpoint = (kind: StreamKind, methods: Record<string, MethodHandler>): StreamEndpoint => ({
    handleConnection(ws: WebSocket, req: IncomingMessage) {
      new StreamSession(ws, req, {
        kind, keys: deps.ctx.accounts, limits: deps.limits, pingIntervalMs: deps.pingIntervalMs, clock: deps.ctx.clock,
        accountActive: deps.accountActive, dialect,
      }, methods);
    },
  });
  const streams: Record<string, StreamEndpoint> = {
    '/api/2/ws/trading': endpoint('trading', trading),
    '/api/2/ws/account': endpoint('wallet', account),
    '/api/2/ws': { ...endpoint('trading', { ...market, ...trading, ...account }), close: () => feed?.close() },
  };
  if (deps.market) streams['/api/2/ws/public'] = endpoint('public', market);
  return streams;
}
