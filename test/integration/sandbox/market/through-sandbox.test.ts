// The market side through the real sandbox server (startSandbox): routing, limits and the stream
// upgrade of sandbox-core in front of the public routes and channels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../../main/sandbox/index';
import { startSandbox } from '../../../../main/sandbox/server';
import { isChannel, StreamClient } from './ws-client';

const TOKEN = 'market-test-token';
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ lightSeed: true, controlToken: TOKEN, seed: 5 });
});
afterAll(async () => {
  await sandbox.close();
});

async function advance(ms: number): Promise<void> {
  const res = await fetch(`${sandbox.restUrl}/sandbox/clock/advance`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-token': TOKEN }, body: JSON.stringify({ ms }),
  });
  expect(res.status).toBe(200);
}

describe('public market data through startSandbox', () => {
  it('serves the public REST routes with their errors', async () => {
    const ticker = await fetch(`${sandbox.restUrl}/api/3/public/ticker/BTCUSDT`);
    expect(ticker.status).toBe(200);
    expect(await ticker.json()).toMatchObject({ ask: expect.any(String), bid: expect.any(String), last: expect.any(String) });
    const candles = await fetch(`${sandbox.restUrl}/api/3/public/candles/ETHBTC?period=M5&limit=3`);
    expect(await candles.json()).toHaveLength(3);
    const unknown = await fetch(`${sandbox.restUrl}/api/3/public/orderbook/NOPE`);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: { code: 2001, message: 'Symbol not found', description: 'NOPE' } });
    const bad = await fetch(`${sandbox.restUrl}/api/3/public/trades/BTCUSDT?offset=100001`);
    expect(((await bad.json()) as { error: { code: number; description: string } }).error).toMatchObject({ code: 10001, description: expect.stringContaining('offset') });
  });

  it('streams snapshots and updates, moved by the clock control', async () => {
    const c = await StreamClient.open(sandbox.wsUrl);
    try {
      expect(await c.request({ method: 'subscribe', ch: 'trades', params: { symbols: ['SOLUSDT'], limit: 2 }, id: 1 }))
        .toEqual({ result: { ch: 'trades', subscriptions: ['SOLUSDT'] }, id: 1 });
      await c.next(isChannel('trades', 'snapshot'));
      await c.request({ method: 'subscribe', ch: 'orderbook/full', params: { symbols: ['SOLUSDT'] }, id: 2 });
      const snapshot = await c.next(isChannel('orderbook/full', 'snapshot'));
      const seq = (snapshot.snapshot as Record<string, { s: number }>).SOLUSDT!.s;
      await advance(60_000);
      await c.next(isChannel('trades', 'update'));
      const update = await c.next(isChannel('orderbook/full', 'update'));
      expect((update.update as Record<string, { s: number }>).SOLUSDT!.s).toBe(seq + 1);
    } finally {
      c.close();
    }
  });
});
