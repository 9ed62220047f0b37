// A sandbox in a process of its own for the benchmarks (its CPU is not the client's), with fixed
// keys and a control token; its REST base URL is read from what it prints when it is up.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { hs256AuthorizationV3 } from '../../main/exchange/signing';

export const BENCH_API_KEY = 'bench-api-key-0001';
export const BENCH_SECRET = 'bench-secret-key-0001';
export const BENCH_TOKEN = 'bench-token';

export interface SandboxProcess {
  url: string;
  child: ChildProcess;
}

export async function startSandboxProcess(limits: boolean): Promise<SandboxProcess> {
  const args = ['main/sandbox/cli.ts', '--port', '0', '--light', '--control-token', BENCH_TOKEN, '--api-key', BENCH_API_KEY, '--secret-key', BENCH_SECRET];
  if (!limits) args.push('--no-limits');
  const child = spawn('node_modules/.bin/tsx', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  // Keep reading stdout for the child's whole life: a closed pipe would kill it with EPIPE.
  let output = '';
  return new Promise<SandboxProcess>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const match = output.match(/REST base URL:\s+(http:\/\/127\.0\.0\.1:\d+)/);
      if (match?.[1] !== undefined) resolve({ url: match[1], child });
    });
    child.once('exit', () => reject(new Error(`sandbox did not start: ${output}`)));
  });
}

export async function stopSandboxProcess(sandbox: SandboxProcess): Promise<void> {
  sandbox.child.kill('SIGTERM');
  await once(sandbox.child, 'exit');
}

/** Calls a /sandbox/ control of the process; a refusal throws with its reply. */
export async function sandboxProcessControl(sandbox: SandboxProcess, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method, headers: { 'X-Sandbox-Token': BENCH_TOKEN, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} failed: ${JSON.stringify(json)}`);
  return json;
}

/** Samples the process's memory until stopped; returns the peaks. */
export function sampleMemory(everyMs = 50): { stop(): { rssMb: number; heapMb: number } } {
  const peak = { rss: 0, heap: 0 };
  const take = () => {
    const usage = process.memoryUsage();
    peak.rss = Math.max(peak.rss, usage.rss);
    peak.heap = Math.max(peak.heap, usage.heapUsed);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { rssMb: peak.rss / 2 ** 20, heapMb: peak.heap / 2 ** 20 };
    },
  };
}

/** One page at a time, with pauses so no limit applies: the server's own cost per page. */
export async function serverPageTime(url: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const path = '/api/3/wallet/transactions';
    const query = `order_by=id&sort=ASC&limit=1000&offset=${i * 1_000}`;
    const authorization = hs256AuthorizationV3(BENCH_API_KEY, BENCH_SECRET, { method: 'GET', path, query, body: '', timestampMs: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const response = await fetch(`${url}${path}?${query}`, { headers: { Authorization: authorization } });
    await response.text();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[2] ?? 0;
}
