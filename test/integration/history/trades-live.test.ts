// A trade reported on the trading stream is read into the history store at once, from the trade
// list: the desk's periodic catch-up is a minute away here, so only the stream can bring it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHistoryHarness, waitForSync, type Harness } from './harness';

const ALICE = 'alice@sandbox.test';
let h: Harness;

beforeAll(async () => {
  h = await startHistoryHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

it('stores a trade reported on the trading stream within seconds, without a catch-up pass', async () => {
  const desk = await h.openDesk(ALICE);
  await waitForSync(desk, (status) => status.phase === 'live', 30_000);
  expect(desk.stored().filter((entry) => entry.type === 'TRADE')).toEqual([]);
  await h.truth(ALICE, '/api/3/spot/order', { method: 'POST', body: { symbol: 'ETHUSDT', side: 'buy', type: 'market', quantity: '0.01' } });
  const [trade] = await h.serviceTrades(ALICE);
  if (trade === undefined) throw new Error('the market order made no trade');
  await expect.poll(() => desk.stored().filter((entry) => entry.operationId === `trade-${trade.id}`).map((entry) => entry.id).sort(), { timeout: 10_000 })
    .toEqual([`trade-${trade.id}-fee`, `trade-${trade.id}-in`, `trade-${trade.id}-out`]);
  desk.close();
});
