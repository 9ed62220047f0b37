// Test controls under /sandbox/ (not part of the service): off unless a control token is set;
// `Authorization: Bearer <token>` or `X-Sandbox-Token: <token>`. JSON bodies; `account` is an id,
// email, username or external id (default: the master).
//   GET  /sandbox/clock                      → {now, now_ms}
//   POST /sandbox/clock/advance {ms}          runs expiries, confirmations, checkouts at once
//   POST /sandbox/deposit {account?, currency, amount, network?, instant?} → {id} (PENDING, or SUCCESS if instant)
//   POST /sandbox/transactions/:id/fail {error_code?}   the chain refuses a CREATED/PENDING transaction
//   POST /sandbox/faults {path (glob), method?, latency_ms?, status?, code?, message?, count?, after?}
//        or {drop_websockets: true}; after: true handles the request first (reply delayed or lost)
//   GET|DELETE /sandbox/faults                list or clear every rule
//   POST /sandbox/reset                       wipe and reseed (keys are new unless fixed by options)
//   GET  /sandbox/accounts                    every account with its keys (label, api_key, secret_key, rights)
//   POST /sandbox/keys {account?, rights, label?} → a new key pair
//   POST /sandbox/seed-transactions {account?, count ≤ 200000}  bulk settled history in one transaction
//   POST /sandbox/seed-trades {count 1..200000, accountId? (or account; default the master), days? (1..3650, default 90)}
//        → {inserted, firstId, lastId} (trade ids): filled spot orders (one trade each) over the last `days`, the
//        account's spot balances moved by exactly their net
//   POST /sandbox/sub-accounts {count ≤ 500, status? (new|active|frozen|disabled, default active),
//        funding? {CODE: amount} wallet balances each starts with} → {ids}: more sub-accounts of the master
//   GET  /sandbox/stats                       → {responses: {"200": n, "429": n, …}, areas: {"/api/3/wallet": n, …}}:
//        replies of /api/ paths by HTTP status and by area (what is not seen is absent); DELETE /sandbox/stats
//        starts the count again
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sameText } from '../auth/authenticate';
import { KEY_RIGHTS, type KeyRight } from '../auth/rights';
import type { SandboxContext } from '../context';
import { ACCOUNT_STATUSES, type Account } from '../db/accounts';
import { parseBody } from '../http/body';
import { ServiceError, validationError } from '../http/errors';
import { sendError, sendJson, type RawRequest, type SideHandler } from '../http/handler';
import { ParamReader } from '../http/params';
import type { RouteContext } from '../http/route';
import { Router } from '../http/router';
import { MAX_BULK_TRANSACTIONS, insertHistory } from '../seed/history';
import { createSubAccounts, type Funding } from '../seed/sub-accounts';
import { MAX_SEEDED_TRADES, seedTrades } from '../seed/trades';
import { findCurrency } from '../catalog';
import { resolveNetwork } from '../wallet/addresses';
import { failTransaction } from '../wallet/chain';
import { createDeposit } from '../wallet/deposits';
import { randomBytes } from 'node:crypto';
import type { FaultRegistry } from './faults';
import type { ResponseStats } from './stats';

export interface ControlDeps {
  token: string;
  ctx: SandboxContext;
  faults: FaultRegistry;
  stats: ResponseStats;
  dropSockets(): number;
  reset(): void;
}

export function createControlHandler(deps: ControlDeps): SideHandler {
  const router = new Router();
  registerControls(router, deps);
  return async (req: IncomingMessage, res: ServerResponse, raw: RawRequest) => {
    if (!raw.path.startsWith('/sandbox/')) return false;
    try {
      if (!tokenMatches(req, deps.token)) throw new ServiceError(401, 1001, 'Authorization required', 'Sandbox control token missing or wrong');
      const match = router.match(raw.method, raw.path);
      if (!match) throw new ServiceError(404, 404, 'Not found', raw.path);
      const body = parseBody(raw.rawBody, req.headers['content-type']);
      const ctx: RouteContext = {
        method: raw.method, path: raw.path, params: match.params, query: new URLSearchParams(raw.rawQuery),
        body: body.fields, bodyValue: body.value, key: null, ip: raw.ip, clock: deps.ctx.clock,
      };
      sendJson(res, 200, await match.route.handler(ctx));
    } catch (error) {
      sendError(res, error);
    }
    return true;
  };
}

function tokenMatches(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const bearer = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : undefined;
  const given = bearer ?? (typeof req.headers['x-sandbox-token'] === 'string' ? req.headers['x-sandbox-token'] : '');
  return sameText(given, token);
}

function registerControls(router: Router, deps: ControlDeps): void {
  const { ctx } = deps;
  router.add('GET', '/sandbox/clock', null, () => clockState(ctx));
  router.add('POST', '/sandbox/clock/advance', null, (r) => {
    ctx.clock.advance(ParamReader.of(r).int('ms', 0, 0, 10 * 365 * 86_400_000));
    return clockState(ctx);
  });
  router.add('POST', '/sandbox/deposit', null, (r) => {
    const p = ParamReader.of(r);
    const account = findAccount(ctx, p.text('account'));
    const currency = p.currency('currency');
    const network = resolveNetwork(currency, p.text('network'));
    const id = createDeposit(ctx, { accountId: account.id, currency, network, amount: p.amount('amount', currency.decimals), instant: p.bool('instant', false) });
    return { id: String(id), account_id: account.id };
  });
  router.add('POST', '/sandbox/transactions/:id/fail', null, (r) => {
    const p = ParamReader.of(r);
    const id = p.int('id', 0, 1, Number.MAX_SAFE_INTEGER);
    const row = failTransaction(ctx, id, p.text('error_code') ?? 'INVALID_ADDRESS');
    if (!row) throw validationError('id', `transaction ${id} is not CREATED or PENDING`);
    return { result: true, status: row.status };
  });
  router.add('POST', '/sandbox/faults', null, (r) => addFault(deps, ParamReader.of(r)));
  router.add('GET', '/sandbox/faults', null, () => ({ rules: deps.faults.list() }));
  router.add('DELETE', '/sandbox/faults', null, () => {
    deps.faults.clear();
    return { result: true };
  });
  router.add('POST', '/sandbox/reset', null, () => {
    deps.reset();
    return { result: true };
  });
  router.add('GET', '/sandbox/accounts', null, () => ctx.accounts.all().map((a) => describeAccount(ctx, a)));
  router.add('POST', '/sandbox/keys', null, (r) => {
    const p = ParamReader.of(r);
    const account = findAccount(ctx, p.text('account'));
    const rights = (p.list('rights') ?? []).map((right) => right.toUpperCase());
    const bad = rights.find((right) => !(KEY_RIGHTS as readonly string[]).includes(right));
    if (bad !== undefined) throw validationError('rights', `${bad} is not one of ${KEY_RIGHTS.join(', ')}`);
    const key = { accountId: account.id, apiKey: randomBytes(16).toString('hex'), secretKey: randomBytes(16).toString('hex'), label: p.text('label') ?? 'custom', rights: rights as KeyRight[] };
    ctx.accounts.addKey(key);
    return { api_key: key.apiKey, secret_key: key.secretKey, rights: key.rights, account_id: account.id };
  });
  router.add('POST', '/sandbox/seed-transactions', null, (r) => {
    const p = ParamReader.of(r);
    const account = findAccount(ctx, p.text('account'));
    const count = p.int('count', 0, 1, MAX_BULK_TRANSACTIONS);
    if (!p.has('count')) throw validationError('count', 'is required');
    const started = Date.now();
    insertHistory(ctx.db, { accountId: account.id, count, seed: ctx.seed + Date.now(), nowMs: ctx.clock.now() });
    return { result: true, account_id: account.id, count, elapsed_ms: Date.now() - started };
  });
  router.add('POST', '/sandbox/seed-trades', null, (r) => {
    const p = ParamReader.of(r);
    if (!p.has('count')) throw validationError('count', 'is required');
    const count = p.int('count', 0, 1, MAX_SEEDED_TRADES);
    const days = p.int('days', 90, 1, 3650);
    const account = findAccount(ctx, p.has('accountId') ? String(p.int('accountId', 0, 1, Number.MAX_SAFE_INTEGER)) : p.text('account'));
    return seedTrades(ctx, { accountId: account.id, count, days });
  });
  router.add('POST', '/sandbox/sub-accounts', null, (r) => {
    const p = ParamReader.of(r);
    if (!p.has('count')) throw validationError('count', 'is required');
    const count = p.int('count', 0, 1, MAX_NEW_SUB_ACCOUNTS);
    const status = p.oneOf('status', ACCOUNT_STATUSES, 'active');
    const master = ctx.accounts.master();
    if (!master) throw validationError('account', 'there is no master account');
    return { ids: createSubAccounts(ctx, master.id, { count, status, funding: fundingOf(r.body.funding) }).map(String) };
  });
  router.add('GET', '/sandbox/stats', null, () => ({ responses: deps.stats.byStatus(), areas: deps.stats.byArea() }));
  router.add('DELETE', '/sandbox/stats', null, () => {
    deps.stats.reset();
    return { result: true };
  });
}

const MAX_NEW_SUB_ACCOUNTS = 500;

/** {CODE: amount} of known currencies, each amount within the currency's decimals. */
function fundingOf(value: unknown): Funding {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw validationError('funding', 'must be an object of currency codes to amounts');
  const reader = new ParamReader(value as Record<string, unknown>);
  const funding: Record<string, string> = {};
  for (const code of Object.keys(value)) {
    const currency = findCurrency(code.toUpperCase());
    if (!currency) throw validationError('funding', `${code} is not a currency of the service`);
    funding[currency.code] = reader.amount(code, currency.decimals).toFixed();
  }
  return funding;
}

function clockState(ctx: SandboxContext): { now: string; now_ms: number } {
  const now = ctx.clock.now();
  return { now: new Date(now).toISOString(), now_ms: now };
}

function addFault(deps: ControlDeps, p: ParamReader): { result: true; id?: number; dropped?: number } {
  if (p.bool('drop_websockets', false)) {
    const dropped = deps.dropSockets();
    if (!p.has('path')) return { result: true, dropped };
  }
  const pattern = p.requiredText('path');
  const latencyMs = p.optionalInt('latency_ms', 0, 120_000);
  const status = p.optionalInt('status', 100, 599);
  if (latencyMs === undefined && status === undefined) throw validationError('latency_ms', 'or status is required');
  const rule = deps.faults.add({
    pattern, method: p.text('method')?.toUpperCase(), latencyMs, status,
    code: p.optionalInt('code', 0, 1_000_000), message: p.text('message'), remaining: p.optionalInt('count', 1, 1_000_000),
    after: p.bool('after', false),
  });
  return { result: true, id: rule.id };
}

/** An account by id, email, username or external id; the master when not given. */
function findAccount(ctx: SandboxContext, ref: string | undefined): Account {
  const account = ref === undefined ? ctx.accounts.master()
    : (/^\d+$/.test(ref) ? ctx.accounts.get(Number.parseInt(ref, 10)) : undefined)
      ?? ctx.accounts.findBy('email', ref) ?? ctx.accounts.findBy('username', ref) ?? ctx.accounts.findBy('external_id', ref);
  if (!account) throw validationError('account', `no account ${ref ?? '(master)'}`);
  return account;
}

function describeAccount(ctx: SandboxContext, account: Account): Record<string, unknown> {
  return {
    id: account.id, kind: account.kind, parent_id: account.parentId, email: account.email, username: account.username,
    external_id: account.externalId, status: account.status,
    keys: ctx.accounts.keysOf(account.id).map((k) => ({ label: k.label, api_key: k.apiKey, secret_key: k.secretKey, rights: k.rights })),
  };
}
