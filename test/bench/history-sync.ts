// npm run bench:history (1 of 3) — the history sync from a fresh store against a sandbox in its
// own process with the real limits on: 100,000 seeded records read and stored (first read, then
// catching up) through the real client at background priority. Figures: time, records per
// second, the share of the fastest the rate limit allows (from the limiter's own published rules:
// the first `rate + burst` pages in the first window, then `rate + burst` per second) and of the
// bound the sandbox's own time per page sets, 429s, peak RSS; and, as a baseline in the same run,
// the client reading the same history without storing it. A last line splits the time above the
// bound into what it is made of: the limiter's margin and each slot's reply time, carried once a
// window; the requests that cannot overlap (the watermark's read before the pages, the catch-up
// after them); and the rest, set beside how long the event loop was busy (parsing and storing).
// Target: 95 % of the bound.
// Run: npx tsx test/bench/history-sync.ts [records]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CheckoutLinks } from '../../main/core/buycrypto/checkout-links';
import { HistoryService } from '../../main/core/history/service';
import { capacityOf, rulesForPath } from '../../main/exchange/rate-limits';
import { RateLimiter } from '../../main/exchange/limiter';
import { createV3Api } from '../../main/exchange/v3/api';
import {
  BENCH_API_KEY, BENCH_SECRET, sampleMemory, sandboxProcessControl, serverPageTime, startSandboxProcess, stopSandboxProcess, type SandboxProcess,
} from './sandbox-process';
import { reportGoal } from './goals';

const RECORDS = Number.parseInt(process.argv[2] ?? '100000', 10);
const PAGE = 1_000;
const TARGET_SHARE = 95;

interface Exchange { status: number | null; durationMs: number }

function client(sandbox: SandboxProcess, exchanges: Exchange[], limiter: RateLimiter) {
  return createV3Api({
    baseUrl: sandbox.url, limiter,
    credentials: { apiKey: BENCH_API_KEY, scheme: 'HS256', readSecret: async () => BENCH_SECRET },
    onExchange: (event) => exchanges.push({ status: event.status, durationMs: event.durationMs }),
  });
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** The fastest `requests` can go under the rule: `capacity` in the first window, then `capacity` per second. */
function fastestMs(requests: number): number {
  const capacity = Math.min(...rulesForPath('/api/3/wallet/transactions').map(capacityOf));
  return (Math.ceil(requests / capacity) - 1) * 1_000;
}

async function syncRun(sandbox: SandboxProcess) {
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-history-'));
  const statuses: Exchange[] = [];
  const limiter = new RateLimiter();
  const api = client(sandbox, statuses, limiter);
  const memory = sampleMemory();
  let progressEvents = 0;
  const history = new HistoryService({
    dataDir, profileId: 'bench', api: api.withPriority('background'), currencies: async () => [], links: new CheckoutLinks(),
    notices: { progress: () => void (progressEvents += 1), changed: () => undefined },
    sync: { catchUpEveryMs: 3_600_000 },
  });
  const loopBefore = performance.eventLoopUtilization();
  const started = performance.now();
  await history.syncPass();
  const elapsedMs = performance.now() - started;
  const loopBusyMs = performance.eventLoopUtilization(loopBefore).active;
  const peak = memory.stop();
  const status = history.status();
  history.close();
  api.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { elapsedMs, stored: status.stored, phase: status.phase, statuses, peak, progressEvents, loopBusyMs, marginMs: limiter.marginMs };
}

async function baselineRun(sandbox: SandboxProcess) {
  const statuses: Exchange[] = [];
  const api = client(sandbox, statuses, new RateLimiter());
  let records = 0;
  const started = performance.now();
  for await (const _tx of api.transactions()) records += 1;
  const elapsedMs = performance.now() - started;
  api.close();
  return { elapsedMs, records, statuses };
}

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess(true);
  try {
    await sandboxProcessControl(sandbox, 'POST', '/sandbox/seed-transactions', { count: RECORDS });
    const sync = await syncRun(sandbox);
    // Windows of the sync's requests must have passed before the baseline starts.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const baseline = await baselineRun(sandbox);

    // What any client must ask: every page of the history (the last one short), plus for the sync the
    // newest-updated read before it and one page of changes after it.
    const dataPages = Math.ceil((RECORDS + 1) / PAGE);
    const syncNeeded = dataPages + 2;
    const syncBound = fastestMs(syncNeeded);
    const capacity = Math.min(...rulesForPath('/api/3/wallet/transactions').map(capacityOf));
    const baseBound = fastestMs(dataPages);
    const count429 = (list: Exchange[]) => list.filter((e) => e.status === 429).length;
    const share = (boundMs: number, ms: number) => `${(100 * boundMs / ms).toFixed(1)}%`;
    console.log(`history sync: ${sync.stored} records stored (${sync.phase}) in ${(sync.elapsedMs / 1_000).toFixed(2)} s, ${Math.round(sync.stored / (sync.elapsedMs / 1_000))} records/s (the limit allows ${Math.round(sync.stored / (syncBound / 1_000))})`);
    console.log(`  requests: ${sync.statuses.length} (${syncNeeded} needed at the least), answered 429: ${count429(sync.statuses)} (target 0); progress notices: ${sync.progressEvents}`);
    console.log(`  fastest the rate limit allows for ${syncNeeded} requests (${capacity} a sliding second, the first ${capacity} at once): ${(syncBound / 1_000).toFixed(2)} s -> ${share(syncBound, sync.elapsedMs)} of the bound (target ${TARGET_SHARE}%)`);
    // The sandbox serves one page at a time: when its own time per page is above 1/(rate + burst)
    // of a second, it is the bound, not the limit.
    const serverMs = await serverPageTime(sandbox.url);
    const serverBound = Math.max(syncBound, syncNeeded * serverMs);
    console.log(`  the sandbox alone needs ${serverMs.toFixed(0)} ms per page here; bound by limit and server: ${(serverBound / 1_000).toFixed(2)} s -> ${share(serverBound, sync.elapsedMs)}`);
    console.log(`  memory: peak RSS ${sync.peak.rssMb.toFixed(0)} MiB, peak heap ${sync.peak.heapMb.toFixed(0)} MiB`);
    console.log(`baseline, the client reading the same history without storing it: ${baseline.records} records in ${(baseline.elapsedMs / 1_000).toFixed(2)} s (${share(baseBound, baseline.elapsedMs)} of its bound, ${count429(baseline.statuses)} answered 429)`);
    console.log(`  the sync takes ${(sync.elapsedMs / baseline.elapsedMs).toFixed(2)}x the baseline's time`);
    // Each slot counts from its reply: a window's slots reopen (margin + reply time) late, once per window crossed.
    const windows = Math.ceil(syncNeeded / capacity) - 1;
    const replyMs = median(sync.statuses.map((e) => e.durationMs));
    const perWindow = windows * (sync.marginMs + replyMs);
    const ends = (sync.statuses[0]?.durationMs ?? 0) + (sync.statuses.at(-2)?.durationMs ?? 0) + (sync.statuses.at(-1)?.durationMs ?? 0);
    const gap = sync.elapsedMs - syncBound;
    console.log(`  the ${gap.toFixed(0)} ms above the bound: ${windows} windows x (margin ${sync.marginMs} + median reply ${replyMs.toFixed(1)} ms) = ${perWindow.toFixed(0)} ms; `
      + `the watermark's read, the last page and the catch-up in series ${ends.toFixed(0)} ms; the rest ${(gap - perWindow - ends).toFixed(0)} ms `
      + `(the event loop was busy ${sync.loopBusyMs.toFixed(0)} ms in all: parsing and stamping; rows are written on the store's own thread)`);
    reportGoal({
      figure: `history read + store, ${RECORDS.toLocaleString('en')} records`,
      value: sync.elapsedMs / 1_000,
      unit: 's',
      floor: { value: syncBound / 1_000, label: 'rate-limit bound' },
      rule: { shareAtLeast: TARGET_SHARE / 100 },
    });
  } finally {
    await stopSandboxProcess(sandbox);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
