// Web host start-up time: from spawning `node out/main/host.js` to its URL line, for a first
// launch (fresh data dir: sandbox seeds its database), a warm relaunch, and without the sandbox.
// Runs against a private keyring. Needs a build (npm run build). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startPrivateBus } from '../integration/keychain/private-keyring';

const ROOT = resolve(__dirname, '../..');
const HOST = join(ROOT, 'out/main/host.js');
const URL_LINE = /http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+/;
const RUNS = Number.parseInt(process.env.BENCH_RUNS ?? '5', 10);

function launchOnce(env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [HOST], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((done, fail) => {
    let elapsed: number | null = null;
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (elapsed !== null || !URL_LINE.test(line)) return;
      elapsed = performance.now() - started;
      child.kill('SIGTERM');
    });
    child.once('exit', (code) =>
      elapsed === null ? fail(new Error(`host exited (${code}) before printing its URL`)) : done(elapsed),
    );
  });
}

const summary = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(`${label.padEnd(34)} median ${median.toFixed(0).padStart(5)} ms   min ${sorted[0]?.toFixed(0)} ms   max ${sorted.at(-1)?.toFixed(0)} ms   (n=${times.length})`);
};

async function main(): Promise<void> {
  if (!existsSync(HOST)) throw new Error('out/main/host.js is missing: run npm run build first');
  const bus = await startPrivateBus();
  const base = { ...process.env, ...bus.env, COFFER_NO_BROWSER: '1' };
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-bench-'));
    dirs.push(dir);
    return dir;
  };
  try {
    const first: number[] = [];
    const warm: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const dataDir = freshDir();
      first.push(await launchOnce({ ...base, COFFER_DATA_DIR: dataDir }));
      warm.push(await launchOnce({ ...base, COFFER_DATA_DIR: dataDir }));
      bare.push(await launchOnce({ ...base, COFFER_DATA_DIR: freshDir(), COFFER_NO_SANDBOX: '1' }));
    }
    console.log('Web host start-up (spawn to URL line)');
    summary('first launch (sandbox seeds its db)', first);
    summary('relaunch (same data dir)', warm);
    summary('without the sandbox', bare);
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await bus.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
