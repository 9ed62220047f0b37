// Where the history sync's time goes, request by request: when each request asked the limiter for
// a slot, left, had its reply in, and when each page was handed to the writer thread and how long
// it took to commit; how long the event loop was held.
// A profiling aid for history-sync.ts, not a benchmark of its own.
// Run: npx tsx test/bench/history-sync-trace.ts [records]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openHistoryStore } from '../../main/core/history/store';
import { ThreadWriter } from '../../main/core/history/store-writer';
import { HistorySync } from '../../main/core/history/sync';
import { RateLimiter, type LimitScope, type Priority, type Release } from '../../main/exchange/limiter';
import type { LimitRule } from '../../main/exchange/rate-limits';
import { createV3Api } from '../../main/exchange/v3/api';
import {
  BENCH_API_KEY, BENCH_SECRET, sandboxProcessControl, startSandboxProcess, stopSandboxProcess,
} from './sandbox-process';

const RECORDS = Number.parseInt(process.argv[2] ?? '100000', 10);

interface Span { asked: number; sent?: number; replied?: number }

class TracingLimiter extends RateLimiter {
  readonly spans: Span[] = [];
  constructor(private readonly origin: number) {
    super();
  }

  override async acquire(path: string, scope: LimitScope, priority?: Priority, rules?: readonly LimitRule[]): Promise<Release> {
    const span: Span = { asked: performance.now() - this.origin };
    this.spans.push(span);
    const release = await super.acquire(path, scope, priority, rules);
    span.sent = performance.now() - this.origin;
    return () => {
      span.replied ??= performance.now() - this.origin;
      release();
    };
  }
}

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess(true);
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-trace-history-'));
  try {
    await sandboxProcessControl(sandbox, 'POST', '/sandbox/seed-transactions', { count: RECORDS });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const origin = performance.now();
    const limiter = new TracingLimiter(origin);
    const api = createV3Api({
      baseUrl: sandbox.url, limiter,
      credentials: { apiKey: BENCH_API_KEY, scheme: 'HS256', readSecret: async () => BENCH_SECRET },
    });
    const store = openHistoryStore(dataDir, 'trace');
    const stores: Array<{ start: number; ms: number; rows: number }> = [];
    const writer = new ThreadWriter({ path: store.path });
    const writePage = writer.writePage.bind(writer);
    writer.writePage = async (entries, cursors, options) => {
      const start = performance.now();
      const written = await writePage(entries, cursors, options);
      stores.push({ start: start - origin, ms: performance.now() - start, rows: entries.length });
      return written;
    };
    const sync = new HistorySync({ api: api.withPriority('background'), store, writer, notices: { progress: () => undefined, changed: () => undefined }, catchUpEveryMs: 3_600_000 });
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    await sync.syncNow();
    const total = performance.now() - origin;
    loop.disable();
    sync.close();
    writer.close();
    console.log(`stored ${store.stored()} in ${total.toFixed(0)} ms; ${limiter.spans.length} requests`);
    // `after slot`: how long after the slot it reuses opened (the reply 20 requests before, + window and margin) a request left.
    console.log('  #   asked    sent   reply  latency  wait  after slot  stored');
    limiter.spans.forEach((span, index) => {
      const latency = (span.replied ?? 0) - (span.sent ?? 0);
      const wait = (span.sent ?? 0) - span.asked;
      const reused = limiter.spans[index - 20];
      const afterSlot = reused === undefined ? '' : ((span.sent ?? 0) - ((reused.replied ?? 0) + 1_000 + limiter.marginMs)).toFixed(0);
      const stored = stores[index - 1];
      console.log(`${String(index).padStart(3)} ${span.asked.toFixed(0).padStart(7)} ${(span.sent ?? 0).toFixed(0).padStart(7)} ${(span.replied ?? 0).toFixed(0).padStart(7)} ${latency.toFixed(1).padStart(8)} ${wait.toFixed(0).padStart(5)} ${afterSlot.padStart(11)} ${stored === undefined ? '' : `${stored.start.toFixed(0).padStart(7)} +${stored.ms.toFixed(0)}`}`);
    });
    const latencies = limiter.spans.map((span) => (span.replied ?? 0) - (span.sent ?? 0)).sort((a, b) => a - b);
    const storeMs = stores.reduce((sum, write) => sum + write.ms, 0);
    console.log(`latency median ${latencies[latencies.length >> 1]?.toFixed(1)} ms, p90 ${latencies[Math.floor(latencies.length * 0.9)]?.toFixed(1)} ms`);
    console.log(`stores: ${stores.length}, ${storeMs.toFixed(0)} ms in all from hand-over to commit, ${(storeMs / Math.max(1, stores.length)).toFixed(1)} ms a page`);
    console.log(`event loop delay: max ${(loop.max / 1e6).toFixed(1)} ms, mean ${(loop.mean / 1e6).toFixed(2)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms`);
    store.close();
    api.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await stopSandboxProcess(sandbox);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
