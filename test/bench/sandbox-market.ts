// Benchmark: the market simulator's costs (creation, first long-history candle queries, deep trade
// paging, clock jumps). Prints figures; asserts nothing.   npx tsx test/bench/sandbox-market.ts
import { SandboxClock } from '../../main/sandbox/clock';
import { createMarket } from '../../main/sandbox/market';

function time<T>(label: string, run: () => T): T {
  const t0 = performance.now();
  const result = run();
  console.log(`  ${label.padEnd(52)} ${(performance.now() - t0).toFixed(1)} ms`);
  return result;
}

const clock = new SandboxClock();
console.log('market simulator, ninety days of history, 10 symbols');
const market = time('createMarket (full history)', () => createMarket({ seed: 1, clock }));
const now = clock.now();
const btc = market.symbol('BTCUSDT')!.tape;
time('first D1 candles of BTCUSDT, 90 days (cold)', () => btc.candles('D1', { sort: 'DESC', limit: 1000, offset: 0 }, now));
time('same query again (summaries cached)', () => btc.candles('D1', { sort: 'DESC', limit: 1000, offset: 0 }, now));
time('1M candles of every symbol (cold except BTCUSDT)', () => {
  for (const s of market.symbols) s.tape.candles('1M', { sort: 'DESC', limit: 1000, offset: 0 }, now);
});
time('M1 candles, limit 1000 at offset 100000', () => btc.candles('M1', { sort: 'DESC', limit: 1000, offset: 100_000 }, now));
time('trades, limit 1000 at offset 100000', () => btc.queryTrades({ by: 'timestamp', sort: 'DESC', limit: 1000, offset: 100_000 }, now));
time('1000 × rate(DOGE, EUR) (two crosses)', () => {
  for (let i = 0; i < 1000; i += 1) market.rate('DOGE', 'EUR');
});
time('clock.advance(30 days) with market catch-up', () => clock.advance(30 * 86_400_000));
time('clock.advance(100 ms) × 1000', () => {
  for (let i = 0; i < 1000; i += 1) clock.advance(100);
});
console.log(`  heap ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MiB, rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
market.close();
