// npm run bench:client — figures for the exchange client against a sandbox in its own process:
//   1. signed GETs per second with every limit off (client limiter opened up too);
//   2. reading a 100,000-record wallet history with the real limits on, as a percentage of the
//      fastest the service's rate limit allows; memory while doing it.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createV3Api } from '../../main/exchange/v3/api';
import { RateLimiter } from '../../main/exchange/limiter';
import { capacityOf, rulesForPath } from '../../main/exchange/rate-limits';
import { hs256AuthorizationV3 } from '../../main/exchange/signing';

const API_KEY = 'bench-api-key-0001';
const SECRET = 'bench-secret-key-0001';
const TOKEN = 'bench-token';
const HISTORY = 100_000;

interface Sandbox { url: string; child: ChildProcess }

async function startSandboxProcess(limits: boolean): Promise<Sandbox> {
  const args = ['main/sandbox/cli.ts', '--port', '0', '--light', '--control-token', TOKEN, '--api-key', API_KEY, '--secret-key', SECRET];
  if (!limits) args.push('--no-limits');
  const child = spawn('node_modules/.bin/tsx', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  // Keep reading stdout for the child's whole life: a closed pipe would kill it with EPIPE.
  let output = '';
  return new Promise<Sandbox>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const match = output.match(/REST base URL:\s+(http:\/\/127\.0\.0\.1:\d+)/);
      if (match?.[1] !== undefined) resolve({ url: match[1], child });
    });
    child.once('exit', () => reject(new Error(`sandbox did not start: ${output}`)));
  });
}

async function stop(sandbox: Sandbox): Promise<void> {
  sandbox.child.kill('SIGTERM');
  await once(sandbox.child, 'exit');
}

function client(url: string, limiter?: RateLimiter, onStatus?: (status: number | null) => void) {
  return createV3Api({
    baseUrl: url, limiter, maxSockets: 64,
    credentials: { apiKey: API_KEY, scheme: 'HS256', readSecret: async () => SECRET },
    onExchange: (event) => onStatus?.(event.status),
  });
}

function signingRate(): number {
  const count = 50_000;
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    hs256AuthorizationV3(API_KEY, SECRET, { method: 'GET', path: '/api/3/wallet/balance', query: `currency=BTC&n=${i}`, body: '', timestampMs: 1_700_000_000_000 + i });
  }
  return count / ((performance.now() - started) / 1_000);
}

async function signedGets(): Promise<void> {
  const sandbox = await startSandboxProcess(false);
  try {
    const api = client(sandbox.url, new RateLimiter({ scale: 1_000_000 }));
    await api.walletBalances();
    for (const concurrency of [1, 16, 64]) {
      const total = concurrency === 1 ? 1_000 : 4_000;
      let next = 0;
      const started = performance.now();
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next += 1;
          await api.walletBalances();
        }
      }));
      const seconds = (performance.now() - started) / 1_000;
      console.log(`signed GET /api/3/wallet/balance, limits off, ${String(concurrency).padStart(2)} in flight: ${(total / seconds).toFixed(0)} per second (${total} calls)`);
    }
    api.close();
  } finally {
    await stop(sandbox);
  }
}

async function history(): Promise<void> {
  const sandbox = await startSandboxProcess(true);
  try {
    const seeded = await fetch(`${sandbox.url}/sandbox/seed-transactions`, {
      method: 'POST', headers: { 'X-Sandbox-Token': TOKEN, 'Content-Type': 'application/json' }, body: JSON.stringify({ count: HISTORY }),
    });
    if (!seeded.ok) throw new Error(`seeding failed: ${await seeded.text()}`);
    const statuses: Array<number | null> = [];
    const api = client(sandbox.url, undefined, (status) => statuses.push(status));
    const memory = { rss: 0, heap: 0 };
    const sample = setInterval(() => {
      const usage = process.memoryUsage();
      memory.rss = Math.max(memory.rss, usage.rss);
      memory.heap = Math.max(memory.heap, usage.heapUsed);
    }, 50);
    const rssBefore = process.memoryUsage().rss;
    let records = 0;
    const started = performance.now();
    for await (const _tx of api.transactions()) records += 1;
    const elapsedMs = performance.now() - started;
    clearInterval(sample);
    const capacity = Math.min(...rulesForPath('/api/3/wallet/transactions').map(capacityOf));
    const pages = Math.ceil((records + 1) / 1_000);
    const fastestMs = (Math.ceil(pages / capacity) - 1) * 1_000;
    const serverMs = await serverPageTime(sandbox.url);
    const serverBoundMs = Math.max(fastestMs, pages * serverMs);
    console.log(`history: ${records} records in ${pages} pages (${statuses.length} requests, ${statuses.filter((s) => s === 429).length} answered 429) in ${(elapsedMs / 1_000).toFixed(2)} s`);
    console.log(`  fastest the rate limit allows (${capacity} per sliding second): ${(fastestMs / 1_000).toFixed(2)} s -> ${(100 * fastestMs / elapsedMs).toFixed(0)}% of it`);
    console.log(`  the sandbox alone needs ${serverMs.toFixed(0)} ms per 1,000-record page; bound by limit and server: ${(serverBoundMs / 1_000).toFixed(2)} s -> ${(100 * serverBoundMs / elapsedMs).toFixed(0)}%`);
    console.log(`  memory: peak RSS ${(memory.rss / 2 ** 20).toFixed(0)} MiB (${((memory.rss - rssBefore) / 2 ** 20).toFixed(0)} MiB above the start), peak heap ${(memory.heap / 2 ** 20).toFixed(0)} MiB`);
    api.close();
  } finally {
    await stop(sandbox);
  }
}

/** One page at a time, with pauses so no limit applies: the server's own cost per page. */
async function serverPageTime(url: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const path = '/api/3/wallet/transactions';
    const query = `order_by=id&sort=ASC&limit=1000&offset=${i * 1_000}`;
    const authorization = hs256AuthorizationV3(API_KEY, SECRET, { method: 'GET', path, query, body: '', timestampMs: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const response = await fetch(`${url}${path}?${query}`, { headers: { Authorization: authorization } });
    await response.text();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[2] ?? 0;
}

async function main(): Promise<void> {
  console.log(`HS256 signing alone: ${signingRate().toFixed(0)} signatures per second`);
  await signedGets();
  await history();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
