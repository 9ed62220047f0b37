// npm run bench:client — figures for the exchange client against a sandbox in its own process:
//   1. signed GETs per second with every limit off (client limiter opened up too), at 1 and 16 in
//      flight, beside a bare node:http loop measured in the same run, with CPU per call;
//   2. reading a 100,000-record wallet history with the real limits on, as a percentage of the
//      fastest the service's rate limit allows; memory while doing it.
import { createV3Api } from '../../main/exchange/v3/api';
import { RateLimiter } from '../../main/exchange/limiter';
import { capacityOf, rulesForPath } from '../../main/exchange/rate-limits';
import { hs256AuthorizationV3 } from '../../main/exchange/signing';
import {
  BENCH_API_KEY as API_KEY, BENCH_SECRET as SECRET, BENCH_TOKEN as TOKEN, serverPageTime, startSandboxProcess, stopSandboxProcess as stop,
} from './sandbox-process';
import { bareClient } from './bare-client';

const HISTORY = 100_000;
/** Alternating rounds per figure: other work on the machine moves single rounds by 10 % and more. */
const ROUNDS = 9;
/** Signed GETs through the client at no less than this share of the bare loop's rate. */
const TARGET_RATIO = 0.85;

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

interface Run {
  perSecond: number;
  /** This process's CPU (user + system) per call, in microseconds: the sandbox runs elsewhere. */
  cpuUsPerCall: number;
}

/** `total` calls with `concurrency` of them in flight at any time. */
async function timed(call: () => Promise<unknown>, concurrency: number, total: number): Promise<Run> {
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) {
      next += 1;
      await call();
    }
  }));
  const seconds = (performance.now() - started) / 1_000;
  const used = process.cpuUsage(cpu);
  return { perSecond: total / seconds, cpuUsPerCall: (used.user + used.system) / total };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The client's signed GETs (through its public API, every limit off) against the bare loop, at 1
 * and 16 in flight. The two alternate round after round so drift on the machine hits both alike;
 * each figure is the median of its rounds.
 */
async function signedGets(): Promise<void> {
  const sandbox = await startSandboxProcess(false);
  const path = '/api/3/wallet/balance';
  const api = client(sandbox.url, new RateLimiter({ scale: 1_000_000 }));
  const bare = bareClient(sandbox.url, API_KEY, SECRET);
  try {
    const contenders = { bare: () => bare.get(path), client: () => api.walletBalances() };
    for (const call of Object.values(contenders)) await timed(call, 16, 2_000);
    for (const concurrency of [1, 16]) {
      const total = concurrency === 1 ? 2_000 : 5_000;
      const runs: Record<keyof typeof contenders, Run[]> = { bare: [], client: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        runs.bare.push(await timed(contenders.bare, concurrency, total));
        runs.client.push(await timed(contenders.client, concurrency, total));
      }
      const figure = (kind: keyof typeof contenders) => ({
        perSecond: median(runs[kind].map((run) => run.perSecond)),
        cpuUs: median(runs[kind].map((run) => run.cpuUsPerCall)),
      });
      const [floor, ours] = [figure('bare'), figure('client')];
      const ratio = ours.perSecond / floor.perSecond;
      console.log(`signed GET ${path}, limits off, ${String(concurrency).padStart(2)} in flight (median of ${ROUNDS} x ${total} calls):`);
      console.log(`  bare node:http + HMAC + JSON.parse: ${floor.perSecond.toFixed(0)} per second, ${floor.cpuUs.toFixed(0)} us CPU per call`);
      console.log(`  client (walletBalances, decimals):  ${ours.perSecond.toFixed(0)} per second, ${ours.cpuUs.toFixed(0)} us CPU per call`);
      console.log(`  client / bare: ${(100 * ratio).toFixed(1)}% (target >= ${100 * TARGET_RATIO}%) ${ratio >= TARGET_RATIO ? 'MET' : 'MISSED'}; client CPU beyond the bare loop: ${(ours.cpuUs - floor.cpuUs).toFixed(0)} us per call`);
    }
  } finally {
    api.close();
    bare.close();
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
  // `tsx test/bench/client.ts gets` stops here: the per-call figures alone, for quick comparisons.
  if (process.argv[2] !== 'gets') await history();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
