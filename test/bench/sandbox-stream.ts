// Benchmark: public market-data stream messages per second delivered to 50 subscribers, through the
// real sandbox server with limits off. Prints figures; asserts nothing.
//   npx tsx test/bench/sandbox-stream.ts [--seconds 5] [--clients 50]
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { startSandbox } from '../../main/sandbox/server';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(String(process.argv[i]).replace(/^--/, ''), String(process.argv[i + 1]));
const SECONDS = Number(args.get('seconds') ?? 5);
const CLIENTS = Number(args.get('clients') ?? 50);
const TOKEN = 'bench-token';
const DRIVERS = Number(args.get('drivers') ?? 3);

const SUBSCRIPTIONS = [
  { ch: 'orderbook/full', params: { symbols: ['BTCUSDT', 'ETHUSDT', 'ETHBTC', 'XRPUSDT', 'TRXUSDT', 'LTCUSDT', 'DOGEUSDT', 'SOLUSDT', 'BTCEUR', 'USDCUSDT'] } },
  { ch: 'trades', params: { symbols: ['BTCUSDT', 'ETHUSDT', 'ETHBTC', 'XRPUSDT', 'TRXUSDT', 'LTCUSDT', 'DOGEUSDT', 'SOLUSDT', 'BTCEUR', 'USDCUSDT'] } },
  { ch: 'candles/M1', params: { symbols: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'] } },
  { ch: 'orderbook/D5/100ms', params: { symbols: ['*'] } },
  { ch: 'orderbook/top/100ms/batch', params: { symbols: ['*'] } },
  { ch: 'ticker/1s', params: { symbols: ['*'] } },
];

// The subscribers run in a worker thread, as they would in other processes: the main thread is the
// sandbox alone. The worker only counts messages and bytes.
const CLIENT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { WebSocket } = require(workerData.wsModule);
let received = 0, bytes = 0;
const sockets = [];
async function open() {
  const ws = new WebSocket(workerData.url);
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  let pending = workerData.subscriptions.length;
  await new Promise((resolve) => {
    ws.on('message', (data) => {
      received += 1; bytes += data.length;
      if (pending > 0 && data.toString().includes('"result"') && --pending === 0) resolve();
    });
    workerData.subscriptions.forEach((s, i) => ws.send(JSON.stringify({ method: 'subscribe', ...s, id: i })));
  });
  sockets.push(ws);
}
Promise.all(Array.from({ length: workerData.clients }, open)).then(() => parentPort.postMessage({ ready: true }));
parentPort.on('message', (m) => {
  if (m === 'count') parentPort.postMessage({ received, bytes });
  if (m === 'stop') { for (const ws of sockets) ws.terminate(); parentPort.close(); }
});
`;

interface Counts {
  received: number;
  bytes: number;
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ lightSeed: true, controlToken: TOKEN, limits: { enabled: false } });
  const worker = new Worker(CLIENT_WORKER, {
    eval: true,
    workerData: { url: `${sandbox.wsUrl}/api/3/ws/public`, clients: CLIENTS, subscriptions: SUBSCRIPTIONS, wsModule: require.resolve('ws') },
  });
  await new Promise<void>((resolve) => worker.once('message', () => resolve()));
  const counts = (): Promise<Counts> => new Promise((resolve) => {
    worker.once('message', (m: Counts) => resolve(m));
    worker.postMessage('count');
  });

  const steady = await measure(() => new Promise((resolve) => setTimeout(resolve, SECONDS * 1000)));
  let advances = 0;
  const driven = await measure(async () => {
    const end = Date.now() + SECONDS * 1000;
    // A few advance requests in flight at once keep the server busy rather than waiting on round trips.
    await Promise.all(Array.from({ length: DRIVERS }, async () => {
      while (Date.now() < end) {
        await advance(sandbox.restUrl, 100);
        advances += 1;
      }
    }));
  });
  const heap = process.memoryUsage().heapUsed / 1048576;
  console.log(`public stream, ${CLIENTS} subscribers (worker thread), limits off, ${SUBSCRIPTIONS.length} channels each`);
  console.log(`  steady (real time):     ${fmt(steady.received / steady.seconds)} msgs/s delivered, ${fmt(steady.bytes / steady.seconds / 1024)} KiB/s`);
  console.log(`  driven (clock +100 ms): ${fmt(driven.received / driven.seconds)} msgs/s delivered, ${fmt(driven.bytes / driven.seconds / 1024)} KiB/s, ` +
    `${fmt(advances / driven.seconds)} advances/s, ${fmt(driven.received / Math.max(1, advances))} msgs per advance`);
  console.log(`  target 50,000 msgs/s: ${driven.received / driven.seconds >= 50_000 ? 'met' : 'NOT met'}; server heap ${heap.toFixed(0)} MiB; load average ${loadavg()[0]?.toFixed(1)}`);
  worker.postMessage('stop');
  await sandbox.close();

  async function measure(run: () => Promise<unknown>): Promise<Counts & { seconds: number }> {
    const before = await counts();
    const t0 = performance.now();
    await run();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await counts();
    return { received: after.received - before.received, bytes: after.bytes - before.bytes, seconds: (performance.now() - t0) / 1000 };
  }
}

async function advance(restUrl: string, ms: number): Promise<void> {
  const res = await fetch(`${restUrl}/sandbox/clock/advance`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-token': TOKEN }, body: JSON.stringify({ ms }),
  });
  await res.arrayBuffer();
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

void main();
