// Spot orders on a version 2 profile, through the real core, the version 2 client and the sandbox:
// the active orders live from subscribeReports, a cancel that frees exactly what the order held,
// and a placement (POST /api/2/order with strictValidate) answered by the service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuditLog, type AuditLog } from '../../../main/core/audit/audit-log';
import { createPendingStore } from '../../../main/core/pending/store';
import { openWithdrawalStore, type WithdrawalStore } from '../../../main/core/withdrawals/store';
import { openDatabase } from '../../../main/db/database';
import { createV2Api } from '../../../main/exchange/v2/api';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import type { RunningSandbox } from '../../../main/sandbox/index';
import { startSandbox } from '../../../main/sandbox/server';
import { openProfileCore, type ProfileCore } from '../support/profile-core';
import { sandboxControl, waitForEmitted } from '../support/sandbox-support';
import { unwrap } from '../transfers/harness';
import { midOf, otherClient, type OtherClient, type ServiceOrder } from './support';

const TOKEN = 'orders-v2-tests';

let sandbox: RunningSandbox;
let dir: string;
let api: TreasuryApi;
let core: ProfileCore;
let audit: AuditLog;
let store: WithdrawalStore;
let db: ReturnType<typeof openDatabase>;
let other: OtherClient;
const events: { event: string; payload: unknown }[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ lightSeed: true, controlToken: TOKEN });
  dir = mkdtempSync(join(tmpdir(), 'coffer-orders-v2-'));
  const { apiKey, secretKey } = sandbox.master;
  api = createV2Api({ baseUrl: sandbox.restUrl, wsUrl: sandbox.wsUrl, credentials: { apiKey, scheme: 'HS256', readSecret: async () => secretKey } });
  audit = openAuditLog(dir, { osUser: 'tester' });
  store = openWithdrawalStore(dir);
  db = openDatabase(dir);
  core = openProfileCore({
    audit, store, pending: createPendingStore(db), osUser: 'tester', reconcilePollMs: 150, deadlineCheckMs: 1_000,
    events: { emit: (event, payload) => void events.push({ event, payload }) },
    session: async () => ({ profile: { id: 'profile-v2', name: 'Version 2' }, api }),
  });
  await core.activate();
  other = await otherClient({ sandbox, control: sandboxControl(sandbox.restUrl, TOKEN) });
  await other.send('POST', '/api/3/wallet/transfer', { currency: 'USDT', amount: '3000', source: 'wallet', destination: 'spot' });
});

afterAll(async () => {
  core?.close();
  api?.close();
  audit?.close();
  store?.close();
  db?.close();
  await new Promise((resolve) => setTimeout(resolve, 200));
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('spot orders on a version 2 profile', () => {
  it('lists an order placed by another client live, cancels it freeing exactly its reserve, and places one', async () => {
    unwrap(await core.handlers.watchOrders());
    const price = (await midOf(other, 'ETHUSDT')).times('0.5').toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
    await other.send<ServiceOrder>('POST', '/api/3/spot/order', { client_order_id: 'v2-other-1', symbol: 'ETHUSDT', side: 'buy', quantity: '0.2', price });
    await waitForEmitted<{ snapshot: { live: boolean; orders: { clientOrderId: string }[] } }>(
      events, 'ordersChanged', (p) => p.snapshot.live && p.snapshot.orders.some((o) => o.clientOrderId === 'v2-other-1'), 5_000, 0,
    );
    const listed = unwrap(await core.handlers.listOrders()).orders.find((o) => o.clientOrderId === 'v2-other-1');
    const before = await other.spot('USDT');
    expect(new Decimal(listed?.reserves?.amount ?? 'x').equals(before.reserved)).toBe(true);

    const outcome = unwrap(await core.handlers.cancelOrder({ clientOrderId: 'v2-other-1' }));
    if (outcome.state !== 'canceled') throw new Error(`expected canceled, got ${outcome.state}`);
    const after = await other.spot('USDT');
    expect(before.reserved.minus(after.reserved).equals(outcome.freed?.amount ?? 'x')).toBe(true);

    const placed = unwrap(await core.handlers.placeOrder({ symbol: 'ETHUSDT', side: 'buy', type: 'limit', quantity: '0.1', price }));
    if (placed.state !== 'placed') throw new Error(placed.reason);
    const atService = (await other.activeOrders()).filter((o) => o.client_order_id === placed.order.clientOrderId);
    expect(atService).toHaveLength(1);
    expect(new Decimal(placed.order.reserves?.amount ?? 'x').equals((await other.spot('USDT')).reserved)).toBe(true);
    expect(unwrap(await core.handlers.cancelOrders({})).outcomes.map((o) => o.state)).toEqual(['canceled']);
  });
});
