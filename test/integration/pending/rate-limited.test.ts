// A move the service refuses for too many requests is sent again by the client after the wait,
// and the ledger's row says so while it waits: nothing is resent silently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../main/exchange/limiter';
import { startFixture, type Fixture } from '../exchange/sandbox-fixture';
import { openDesk, type Desk } from './desk';
import { setUpKinds, type MoneyKinds } from './kinds';

let fixture: Fixture;
let money: MoneyKinds;
let desk: Desk;
const limiter = new RateLimiter();

beforeAll(async () => {
  fixture = await startFixture();
  money = await setUpKinds(fixture, limiter);
  desk = openDesk(fixture, 'rate-limited', limiter);
});

afterAll(async () => {
  desk?.close();
  money?.auditor.close();
  await fixture?.close();
});

describe('a move refused with 429 and sent again', () => {
  it('shows the wait on its row, then settles done with the one transaction the service made', async () => {
    const transfer = money.kinds.find((k) => k.name === 'transfer');
    if (transfer === undefined) throw new Error('no transfer kind');
    const amount = money.amount(transfer, 77);
    await money.fault(transfer, { status: 429, code: 429, message: 'Too many requests', count: 1 });
    const { move } = await money.sendOnly(desk, transfer, amount);
    const rows = desk.updates.filter((m) => m.id === move.id);
    const waiting = rows.find((m) => m.state === 'sending' && m.reason !== null);
    expect(waiting?.reason).toMatch(/^Rate limited by the service; sending again in \d+ s \(attempt 2 of 4\)$/);
    expect(rows.at(-1)).toMatchObject({ state: 'done', reason: null });
    const truth = await money.createdWith(transfer, amount);
    expect(truth).toHaveLength(1);
    expect(rows.at(-1)?.txIds).toEqual([truth[0]?.id]);
  });
});
