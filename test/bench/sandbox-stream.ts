// Benchmark: public market-data stream messages per second delivered to 50 subscribers, through the
// real sandbox server with limits off. Prints figures; asserts nothing.
//   npx tsx test/bench/sandbox-stream.ts [--seconds 5] [--clients 50]
import { WebSocket } from 'ws';
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

async function main(): Promise<void> {
  const sandbox = await startSandbox({ lightSeed: true, controlToken: TOKEN, limits: { enabled: false } });
  let received = 0;
  let bytes = 0;
  const sockets = await Promise.all(Array.from({ length: CLIENTS }, () => openClient()));
  for (const ws of sockets) {
    ws.on('message', (data: Buffer) => {
      received += 1;
      bytes += data.length;
    });
  }
  await Promise.all(sockets.map((ws) => subscribeAll(ws)));

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
  console.log(`public stream, ${CLIENTS} subscribers, limits off, ${SUBSCRIPTIONS.length} channels each`);
  console.log(`  steady (real time):     ${fmt(steady.messages / steady.seconds)} msgs/s delivered, ${fmt(steady.bytes / steady.seconds / 1024)} KiB/s`);
  console.log(`  driven (clock +100 ms): ${fmt(driven.messages / driven.seconds)} msgs/s delivered, ${fmt(driven.bytes / driven.seconds / 1024)} KiB/s, ` +
    `${fmt(advances / driven.seconds)} advances/s, ${fmt(driven.messages / Math.max(1, advances))} msgs per advance`);
  console.log(`  target 50,000 msgs/s: ${driven.messages / driven.seconds >= 50_000 ? 'met' : 'NOT met'}; heap ${heap.toFixed(0)} MiB`);
  for (const ws of sockets) ws.terminate();
  await sandbox.close();

  async function measure(run: () => Promise<unknown>): Promise<{ messages: number; bytes: number; seconds: number }> {
    const [m0, b0, t0] = [received, bytes, performance.now()];
    await run();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { messages: received - m0, bytes: bytes - b0, seconds: (performance.now() - t0) / 1000 };
  }

  function openClient(): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${sandbox.wsUrl}/api/3/ws/public`);
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  }
}

async function subscribeAll(ws: WebSocket): Promise<void> {
  let pending = SUBSCRIPTIONS.length;
  await new Promise<void>((resolve) => {
    const onMessage = (data: Buffer): void => {
      if (data.toString().includes('"result"') && --pending === 0) {
        ws.off('message', onMessage);
        resolve();
      }
    };
    ws.on('message', onMessage);
    SUBSCRIPTIONS.forEach((s, i) => ws.send(JSON.stringify({ method: 'subscribe', ...s, id: i })));
  });
}

async function advance(restUrl: string, ms: number): Promise<void> {
  const res = await fetch(`${restUrl}/sandbox/clock/advance`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-token': TOKEN }, body: JSON.stringify({ ms }),
  });
  await res.arrayBuffer();
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

void main();
