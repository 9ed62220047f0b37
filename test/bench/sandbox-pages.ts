// npm run bench:sandbox-pages — 1,000-row pages of GET /api/3/wallet/transactions from a sandbox
// holding 1,000,000 transactions in one account (seeded through /sandbox/seed-transactions,
// 200,000 per call): by id ascending from several offsets and id cursors, by updated_at, and
// with a currency filter. Each figure is the median of the timed pages (the warm-up apart):
// server-side (from the request's headers parsed to the reply's last byte handed to the socket,
// through node:diagnostics_channel) and client-observed (signed request sent → body received,
// over a keep-alive connection), against the 15 ms target and against a baseline measured in the
// same run: the bare SQLite read of the same rows (same SQL, `.raw()`, no JSON), and the former
// way of building the page, in process (rows as objects → toTransactionRecord → JSON.stringify).
// Run: npx tsx test/bench/sandbox-pages.ts [transactions]
import { subscribe } from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSandbox } from '../../main/sandbox/server';
import type { SandboxKeyPair } from '../../main/sandbox/options';
import type { TxRow } from '../../main/sandbox/db/transactions';
import { toTransactionRecord } from '../../main/sandbox/wallet/transaction-record';
import { hs256Header } from '../integration/sandbox/harness';

const TRANSACTIONS = Number.parseInt(process.argv[2] ?? '1000000', 10);
const SEED_BATCH = 200_000;
const TARGET_MS = 15;
const WARM_UP = 5;
const TIMED = 15;
const CONTROL_TOKEN = 'bench-control-token';
const PATH = '/api/3/wallet/transactions';

interface PageCase {
  label: string;
  query: string;
  /** The same rows read straight from SQLite (the baseline). */
  sql: string;
  args: unknown[];
}

interface Figures {
  serverMs: number;
  clientMs: number;
  bareMs: number;
  objectsMs: number;
  bytes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Server-side time of each finished reply, keyed by the request's URL. */
function serverTimer(): { take(url: string): number | undefined } {
  const started = new WeakMap<object, number>();
  const finished = new Map<string, number>();
  subscribe('http.server.request.start', (message) => {
    started.set((message as { request: object }).request, performance.now());
  });
  subscribe('http.server.response.finish', (message) => {
    const { request: req } = message as { request: IncomingMessage };
    const since = started.get(req);
    if (since !== undefined) finished.set(req.url ?? '', performance.now() - since);
  });
  return {
    take(url) {
      const ms = finished.get(url);
      finished.delete(url);
      return ms;
    },
  };
}

async function control(base: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(base + path, {
    method: 'POST', headers: { authorization: `Bearer ${CONTROL_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

function signedGet(base: URL, agent: Agent, key: SandboxKeyPair, pathWithQuery: string): Promise<{ status: number; bytes: number }> {
  const authorization = hs256Header({ label: 'master', api_key: key.apiKey, secret_key: key.secretKey, rights: key.rights }, 'GET', pathWithQuery, '', Date.now());
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path: pathWithQuery, agent, headers: { authorization } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => { bytes += chunk.length; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function pageCases(db: Database.Database, accountId: number): PageCase[] {
  const ids = db.prepare('SELECT MIN(id) AS low, MAX(id) AS high FROM transactions WHERE account_id = ?').get(accountId) as { low: number; high: number };
  const span = ids.high - ids.low;
  const middleUpdate = (db.prepare('SELECT updated_at FROM transactions WHERE account_id = ? ORDER BY updated_at LIMIT 1 OFFSET ?')
    .pluck().get(accountId, Math.floor(TRANSACTIONS / 2)) as number | undefined) ?? 0;
  const byIdAsc = (where: string): string => `SELECT * FROM transactions WHERE account_id = ?${where} ORDER BY id ASC LIMIT 1000 OFFSET ?`;
  const cases: PageCase[] = [];
  for (const offset of [0, 50_000, 100_000].filter((o) => o + 1000 <= TRANSACTIONS)) {
    cases.push({ label: `id ASC, offset ${offset.toLocaleString('en')}`, query: `order_by=id&sort=ASC&limit=1000&offset=${offset}`, sql: byIdAsc(''), args: [accountId, offset] });
  }
  for (const share of [0.25, 0.5, 0.99]) {
    const from = Math.min(ids.low + Math.floor(span * share), ids.high - 999);
    cases.push({ label: `id ASC, cursor id_from at ${share * 100} %`, query: `order_by=id&sort=ASC&limit=1000&id_from=${from}`, sql: byIdAsc(' AND id >= ?'), args: [accountId, from, 0] });
  }
  cases.push({
    label: 'updated_at DESC, newest', query: 'order_by=updated_at&limit=1000',
    sql: 'SELECT * FROM transactions WHERE account_id = ? ORDER BY updated_at DESC, id DESC LIMIT 1000 OFFSET ?', args: [accountId, 0],
  });
  cases.push({
    label: 'updated_at ASC, from the middle', query: `order_by=updated_at&sort=ASC&limit=1000&from=${middleUpdate}`,
    sql: 'SELECT * FROM transactions WHERE account_id = ? AND updated_at >= ? ORDER BY updated_at ASC, id ASC LIMIT 1000 OFFSET ?', args: [accountId, middleUpdate, 0],
  });
  cases.push({
    label: 'currencies=BTC, id ASC', query: 'currencies=BTC&order_by=id&sort=ASC&limit=1000',
    sql: byIdAsc(' AND currency IN (?)'), args: [accountId, 'BTC', 0],
  });
  cases.push({
    label: 'currencies=BTC, created_at DESC (default order)', query: 'currencies=BTC&limit=1000',
    sql: 'SELECT * FROM transactions WHERE account_id = ? AND currency IN (?) ORDER BY created_at DESC, id DESC LIMIT 1000 OFFSET ?', args: [accountId, 'BTC', 0],
  });
  return cases;
}

interface Baselines {
  bare: Database.Statement;
  objects: Database.Statement;
}

async function measure(base: URL, agent: Agent, key: SandboxKeyPair, timer: ReturnType<typeof serverTimer>, baselines: Baselines, page: PageCase): Promise<Figures> {
  const server: number[] = [];
  const client: number[] = [];
  const bareTimes: number[] = [];
  const objectTimes: number[] = [];
  let bytes = 0;
  const url = `${PATH}?${page.query}`;
  // One request at a time: the reply's server time is found by its URL.
  for (let i = 0; i < WARM_UP + TIMED; i += 1) {
    const started = performance.now();
    const reply = await signedGet(base, agent, key, url);
    const clientMs = performance.now() - started;
    if (reply.status !== 200) throw new Error(`${url}: ${reply.status}`);
    const serverMs = timer.take(url);
    const bareStarted = performance.now();
    const rows = baselines.bare.all(...page.args) as unknown[][];
    const bareMs = performance.now() - bareStarted;
    if (rows.length !== 1000) throw new Error(`${page.label}: the baseline read ${rows.length} rows, not 1000`);
    const objectsStarted = performance.now();
    const former = Buffer.from(JSON.stringify((baselines.objects.all(...page.args) as TxRow[]).map(toTransactionRecord)));
    const objectsMs = performance.now() - objectsStarted;
    if (former.length !== reply.bytes) throw new Error(`${page.label}: the former page has ${former.length} bytes, the reply ${reply.bytes}`);
    if (i < WARM_UP) continue;
    client.push(clientMs);
    if (serverMs !== undefined) server.push(serverMs);
    bareTimes.push(bareMs);
    objectTimes.push(objectsMs);
    bytes = reply.bytes;
  }
  return { serverMs: median(server), clientMs: median(client), bareMs: median(bareTimes), objectsMs: median(objectTimes), bytes };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-pages-'));
  const file = join(dataDir, 'sandbox.db');
  const timer = serverTimer();
  const sandbox = await startSandbox({ db: file, lightSeed: true, controlToken: CONTROL_TOKEN, limits: { enabled: false } });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const seedStarted = performance.now();
    let accountId = 0;
    for (let left = TRANSACTIONS; left > 0; left -= SEED_BATCH) {
      const reply = await control(sandbox.restUrl, '/sandbox/seed-transactions', { count: Math.min(SEED_BATCH, left) }) as { account_id: number };
      accountId = reply.account_id;
    }
    console.log(`sandbox pages: ${TRANSACTIONS.toLocaleString('en')} transactions seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; pages of 1,000, median of ${TIMED} after ${WARM_UP} warm-up`);
    const reader = new Database(file, { readonly: true });
    const base = new URL(sandbox.restUrl);
    let worst = 0;
    const serverAll: number[] = [];
    const bareAll: number[] = [];
    const objectsAll: number[] = [];
    for (const page of pageCases(reader, accountId)) {
      const baselines = { bare: reader.prepare(page.sql).raw(true), objects: reader.prepare(page.sql) };
      const f = await measure(base, agent, sandbox.master, timer, baselines, page);
      worst = Math.max(worst, f.serverMs);
      serverAll.push(f.serverMs);
      bareAll.push(f.bareMs);
      objectsAll.push(f.objectsMs);
      const verdict = f.serverMs <= TARGET_MS ? 'within' : 'OVER';
      console.log(`  ${page.label.padEnd(48)} server ${f.serverMs.toFixed(1).padStart(5)} ms, client ${f.clientMs.toFixed(1).padStart(5)} ms`
        + ` (${verdict} the ${TARGET_MS} ms target); bare SQLite read ${f.bareMs.toFixed(1)} ms (server ${(f.serverMs / f.bareMs).toFixed(1)}x of it);`
        + ` former object build ${f.objectsMs.toFixed(1)} ms in process; ${(f.bytes / 1024).toFixed(0)} KiB`);
    }
    reader.close();
    const verdict = worst <= TARGET_MS ? 'within' : 'OVER';
    console.log(`  worst page server-side ${worst.toFixed(1)} ms, ${verdict} the ${TARGET_MS} ms target; median page ${median(serverAll).toFixed(1)} ms`
      + ` against ${median(bareAll).toFixed(1)} ms for the bare read and ${median(objectsAll).toFixed(1)} ms for the former object build (no HTTP)`);
  } finally {
    agent.destroy();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
