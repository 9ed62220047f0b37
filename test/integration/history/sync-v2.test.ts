// The history of a version 2 profile: version 2's ids are UUIDs, which the store keys on its own
// (rows.ts ridOf), and its history is walked by index. The store must hold every record once,
// under version 2's id, as the service lists them through version 3 (the same account).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from '../../../preload/contract/decimal';
import { waitForEmitted } from '../support/sandbox-support';
import { startHistoryHarness, waitForSync, type Desk, type Harness, type ServiceTx } from './harness';

const MASTER = 'master@sandbox.test';
let h: Harness;
let desk: Desk;

beforeAll(async () => {
  h = await startHistoryHarness();
  await h.control('POST', '/sandbox/seed-transactions', { count: 1_200 });
  desk = await h.openDesk(MASTER, { apiVersion: '2' });
  await waitForEmitted(desk.events, 'walletLive', (payload: { live: boolean }) => payload.live, 15_000, 0);
  await waitForSync(desk, (status) => status.phase === 'live');
}, 60_000);

afterAll(async () => {
  await h?.close();
});

/** The sync's reads share version 2's 10/s account limit with this call: a 429 is not handled, so it is sent again. */
async function transferRefusedOnlyForRate(): Promise<{ id: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await h.truth<{ id: string }>(MASTER, '/api/2/account/transfer', {
        method: 'POST', body: { currency: 'USDT', amount: '3.5', type: 'bankToExchange' },
      });
    } catch (error) {
      if (attempt === 5 || !String(error).includes('"code":429')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

describe('history sync of a version 2 profile', () => {
  it('stores every record once under its version 2 id, with the service’s status and amount', async () => {
    const service = await h.serviceHistory(MASTER);
    expect(service.length).toBeGreaterThanOrEqual(1_200);
    const stored = desk.stored();
    expect(stored.map((entry) => entry.id).sort()).toEqual(service.map((tx) => tx.native.tx_id).sort());
    // Amounts as numbers: trailing zeros are not kept. A payout's (a withdrawal to an address)
    // rollback is told apart from a failure; version 2 has one word for both on any other record.
    const payout = (tx: ServiceTx) => tx.type === 'WITHDRAW' && (tx.subtype === 'BLOCKCHAIN' || (tx.native.address ?? '') !== '');
    const statusOf = (tx: ServiceTx) => (tx.status === 'ROLLED_BACK' && !payout(tx) ? 'FAILED' : tx.status);
    const asService = service.map((tx) => `${tx.native.tx_id}|${statusOf(tx)}|${tx.native.currency}|${new Decimal(tx.native.amount).toFixed()}`).sort();
    expect(stored.map((entry) => `${entry.id}|${entry.status}|${entry.currency}|${entry.amount}`).sort()).toEqual(asService);
  });

  it('a transfer made now reaches the store from the version 2 wallet stream, once', async () => {
    const before = desk.stored().length;
    const reply = await transferRefusedOnlyForRate();
    const deadline = Date.now() + 10_000;
    while (!desk.stored().some((entry) => entry.id === reply.id) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const stored = desk.stored();
    expect(stored.filter((entry) => entry.id === reply.id).map((entry) => [entry.type, entry.subtype, entry.amount])).toEqual([['TRANSFER', 'WALLET_TO_SPOT', '3.5']]);
    expect(stored.length).toBe(before + 1);
  });
});
