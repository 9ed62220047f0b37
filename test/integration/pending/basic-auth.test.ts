// A desk signing with Basic auth: nothing bounds when the service may still run a request it
// holds, so a move whose answer was lost is never settled absent by time. It stays "not seen yet"
// and is looked for again (the desks here look every second), across a restart, until it appears
// or a person says it will not happen.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingMoveView } from '../../../preload/contract/pending';
import { RateLimiter } from '../../../main/exchange/limiter';
import { startFixture, type Fixture } from '../exchange/sandbox-fixture';
import { openDesk, settled, SETTLE_GRACE_MS, SIGNATURE_WINDOW_MS, type Desk } from './desk';
import { setUpKinds, type Kind, type MoneyKinds } from './kinds';

const COLD = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** Longer than an HS256 request could wait (window + grace): only Basic lets it run this late. */
const HELD_MS = SIGNATURE_WINDOW_MS + SETTLE_GRACE_MS + 1_500;

let fixture: Fixture;
let money: MoneyKinds;
const limiter = new RateLimiter();
const desks: Desk[] = [];

beforeAll(async () => {
  fixture = await startFixture();
  money = await setUpKinds(fixture, limiter);
});

afterAll(async () => {
  for (const desk of desks) desk.close();
  money?.auditor.close();
  await fixture?.close();
});

function basicDesk(name: string, dir?: string): Desk {
  const desk = openDesk(fixture, name, limiter, dir, { scheme: 'BASIC' });
  desks.push(desk);
  return desk;
}

function kind(name: Kind['name']): Kind {
  const found = money.kinds.find((k) => k.name === name);
  if (found === undefined) throw new Error(`no kind ${name}`);
  return found;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statesOf = (desk: Desk, moveId: string) => desk.updates.filter((m) => m.id === moveId).map((m) => m.state);

describe.concurrent('a Basic-auth move whose answer was lost', () => {
  it('is found when the service runs it late, and is never absent before', async () => {
    const desk = basicDesk('basic-late');
    const transfer = kind('transfer');
    const amount = money.amount(transfer, 40);
    await money.fault(transfer, { latency_ms: HELD_MS, count: 1 });
    const { move } = await money.sendOnly(desk, transfer, amount);
    expect(move).toMatchObject({ state: 'uncertain', settleByMs: null });
    expect(desk.ledger.list().find((m) => m.id === move.id)).toMatchObject({ state: 'uncertain', mayRunLate: true, settleBy: null });
    const found = await settled(desk, move.id, HELD_MS + 5_000);
    const truth = await money.createdWith(transfer, amount);
    expect(truth).toHaveLength(1);
    expect(found).toMatchObject({ state: 'found', txIds: [truth[0]?.id], settledBy: 'reconciler' });
    expect(statesOf(desk, move.id)).not.toContain('absent');
  });

  it('stays not seen yet long past any window when the service never ran it; a person may give it up', async () => {
    const desk = basicDesk('basic-never');
    const convert = kind('convert');
    const amount = money.amount(convert, 41);
    await money.fault(convert, { status: 504, count: 1 });
    const { move } = await money.sendOnly(desk, convert, amount);
    await pause(HELD_MS);
    await desk.ledger.checkNow();
    expect(desk.ledger.byId(move.id)).toMatchObject({ state: 'uncertain' });
    const given = desk.ledger.abandon(move.id);
    expect(given).toMatchObject({ state: 'absent', settledBy: 'person', mayRunLate: true });
    expect(given.reason).toMatch(/may still run it/);
    expect(await money.createdWith(convert, amount)).toHaveLength(0);
    // Given up once is settled: neither again, nor a move that has a deadline.
    expect(() => desk.ledger.abandon(move.id)).toThrow(/not waiting to be seen/);
  });

  it('is still looked for after the desk restarts, and found when the service runs it', async () => {
    const first = basicDesk('basic-restart');
    const internal = kind('internalWithdraw');
    const amount = money.amount(internal, 42);
    await money.fault(internal, { latency_ms: HELD_MS, count: 1 });
    const { move } = await money.sendOnly(first, internal, amount);
    expect(move.state).toBe('uncertain');
    first.close();
    desks.splice(desks.indexOf(first), 1);
    const reopened = basicDesk('basic-restart', first.dir);
    expect(reopened.ledger.byId(move.id)).toMatchObject({ state: 'uncertain', settleByMs: null });
    const found = await settled(reopened, move.id, HELD_MS + 5_000);
    const truth = await money.createdWith(internal, amount);
    expect(found).toMatchObject({ state: 'found', txIds: [truth[0]?.id] });
    expect(statesOf(reopened, move.id)).not.toContain('absent');
  });

  it('for a rollback whose every answer is lost, stays open while the withdrawal waits, and a person may give it up', async () => {
    const desk = basicDesk('basic-rollback');
    const prepared = await desk.api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.0043'), address: COLD });
    if (prepared.status !== 'done') throw new Error('prepare failed');
    const id = prepared.value.id;
    await fixture.control('POST', '/sandbox/faults', { path: `/api/3/wallet/crypto/withdraw/${id}`, method: 'DELETE', status: 504 });
    const subject = { profileId: 'desk-profile', profileName: desk.name, action: 'rollback' as const, currency: 'BTC', amount: '0', txId: id };
    await expect(desk.ledger.decide({ kind: 'rollback', currency: 'BTC', amount: '0', destination: COLD, subjectId: id }, subject, () => desk.api.rollbackWithdrawal(id)))
      .rejects.toMatchObject({ status: 504 });
    const move = desk.ledger.list().find((m) => m.kind === 'rollback' && m.destination === COLD && m.state === 'uncertain');
    expect(move).toMatchObject({ mayRunLate: true });
    // Past the desk's 2 s decision deadline for HS256: a Basic rollback is not proven absent by time.
    await pause(3_000);
    await desk.ledger.checkNow();
    expect(desk.ledger.byId(move?.id ?? '')).toMatchObject({ state: 'uncertain' });
    expect(desk.ledger.abandon(move?.id ?? '')).toMatchObject({ state: 'absent', settledBy: 'person' });
  });
});

describe('a person giving up a move', () => {
  it('is refused for a move that has a deadline: the history settles it', async () => {
    const desk = openDesk(fixture, 'hs256', limiter);
    desks.push(desk);
    const transfer = kind('transfer');
    await money.fault(transfer, { status: 504, after: true, count: 1 });
    const { move } = await money.sendOnly(desk, transfer, money.amount(transfer, 43));
    expect(() => desk.ledger.abandon(move.id)).toThrow(/cannot be given up/);
    const found: PendingMoveView = await settled(desk, move.id);
    expect(found).toMatchObject({ state: 'found', mayRunLate: false });
  });
});
