// A workload to profile the exchange client with: 20,000 signed GETs through the public API with
// every limit off, 16 in flight, against a sandbox in its own process (so the profile is the
// client's alone). Run: node --cpu-prof --cpu-prof-dir=<dir> --import tsx test/bench/client-profile.ts
// CALLS and IN_FLIGHT change the workload; BARE=1 profiles the bare loop instead, for comparison.
import { createV3Api } from '../../main/exchange/v3/api';
import { RateLimiter } from '../../main/exchange/limiter';
import { bareClient } from './bare-client';
import { BENCH_API_KEY, BENCH_SECRET, startSandboxProcess, stopSandboxProcess } from './sandbox-process';

const CALLS = Number(process.env.CALLS ?? 20_000);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 16);
const BARE = process.env.BARE === '1';

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess(false);
  const api = createV3Api({
    baseUrl: sandbox.url, limiter: new RateLimiter({ scale: 1_000_000 }), maxSockets: 64,
    credentials: { apiKey: BENCH_API_KEY, scheme: 'HS256', readSecret: async () => BENCH_SECRET },
  });
  const bare = bareClient(sandbox.url, BENCH_API_KEY, BENCH_SECRET);
  const call = BARE ? () => bare.get('/api/3/wallet/balance') : () => api.walletBalances();
  try {
    let next = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < CALLS) {
        next += 1;
        await call();
      }
    }));
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - started) / 1_000;
    console.log(`${BARE ? 'bare loop' : 'client'}: ${CALLS} calls, ${IN_FLIGHT} in flight: ${(CALLS / seconds).toFixed(0)} per second, ${((used.user + used.system) / CALLS).toFixed(0)} us CPU per call`);
  } finally {
    api.close();
    bare.close();
    await stopSandboxProcess(sandbox);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
