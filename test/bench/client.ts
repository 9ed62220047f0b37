// npm run bench:client — figures for the exchange client against a sandbox in its own process:
//   1. signed GETs per second with every limit off (client limiter opened up too);
//   2. reading a 100,000-record wallet history with the real limits on, as a percentage of the
//      fastest the service's rate limit allows; memory while doing it.
import { createV3Api } from '../../main/exchange/v3/api';
import { RateLimiter } from '../../main/exchange/limiter';
import { capacityOf, rulesForPath } from '../../main/exchange/rate-limits';
import { hs256AuthorizationV3 } from '../../main/exchange/signing';
import {
  BENCH_API_KEY as API_KEY, BENCH_SECRET as SECRET, BENCH_TOKEN as TOKEN, serverPageTime, startSandboxProcess, stopSandboxProcess as stop,
} from './sandbox-process';

const HISTORY = 100_000;

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

async function main(): Promise<void> {
  console.log(`HS256 signing alone: ${signingRate().toFixed(0)} signatures per second`);
  await signedGets();
  await history();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
