// Signed REST throughput of the sandbox with limits off: HS256-signed GET /api/3/wallet/balance/BTC
// and GET /api/3/wallet/transactions?limit=10 over keep-alive connections. The load generator
// runs in a worker thread so it does not share the sandbox's event loop. Prints requests/s.
// Target: 2 000 requests/s on the development machine. BENCH_LIGHT=1 skips the full seed.
import { Worker } from 'node:worker_threads';
import { startSandbox } from '../../main/sandbox/server';

const CONCURRENCY = 32;
const DURATION_MS = 5_000;
const PATHS = ['/api/3/wallet/balance/BTC', '/api/3/wallet/transactions?limit=10'];

// Plain JavaScript, evaluated in the worker: signs each request with its own HMAC.
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHmac } = require('node:crypto');
const { Agent, request } = require('node:http');
const { base, apiKey, secretKey, paths, concurrency, durationMs } = workerData;
const url = new URL(base);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
function signedGet(path) {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', secretKey).update('GET' + path + timestamp).digest('hex');
  const authorization = 'HS256 ' + Buffer.from(apiKey + ':' + signature + ':' + timestamp).toString('base64');
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, agent, headers: { authorization } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}
(async () => {
  const counts = paths.map(() => 0);
  let failures = 0;
  const started = Date.now();
  const deadline = started + durationMs;
  await Promise.all(Array.from({ length: concurrency }, async (_, index) => {
    for (let i = index; Date.now() < deadline; i++) {
      const k = i % paths.length;
      if ((await signedGet(paths[k])) === 200) counts[k] += 1; else failures += 1;
    }
  }));
  agent.destroy();
  parentPort.postMessage({ counts, failures, seconds: (Date.now() - started) / 1000 });
})();
`;

interface LoadResult {
  counts: number[];
  failures: number;
  seconds: number;
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ limits: { enabled: false }, lightSeed: process.env.BENCH_LIGHT === '1' });
  const workerData = { base: sandbox.restUrl, apiKey: sandbox.master.apiKey, secretKey: sandbox.master.secretKey, paths: PATHS, concurrency: CONCURRENCY, durationMs: DURATION_MS };
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(LOAD_GENERATOR, { eval: true, workerData });
    worker.once('message', (message: LoadResult) => resolve(message));
    worker.once('error', reject);
  });
  const total = result.counts.reduce((a, b) => a + b, 0);
  console.log(`sandbox REST: ${Math.round(total / result.seconds)} signed requests/s (${total} in ${result.seconds.toFixed(1)} s, ${CONCURRENCY} keep-alive connections, ${result.failures} failures)`);
  PATHS.forEach((path, i) => console.log(`  ${path}: ${Math.round((result.counts[i] ?? 0) / result.seconds)} requests/s`));
  await sandbox.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
