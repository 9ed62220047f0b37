// Every money-moving kind under every fault the sandbox can inject, through the ledger and the
// real client, with the service's own history as the ground truth: what was created, what the
// ledger reported, and whether any move was pinned on a transaction it did not create.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingMoveView } from '../../../preload/contract/pending';
import type { Transaction } from '../../../main/exchange/domain';
import { RateLimiter } from '../../../main/exchange/limiter';
import { startFixture, type Fixture } from '../exchange/sandbox-fixture';
import { openDesk, settled, type Desk } from './desk';
import { setUpKinds, type Kind, type MoneyKinds } from './kinds';

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

interface Tally { sent: number; created: number; found: number; absent: number; ambiguous: number; done: number; misattributed: number; twinsAmbiguous: number }

const sendOnly = (desk: Desk, kind: Kind, amount: string) => money.sendOnly(desk, kind, amount);
const createdWith = (kind: Kind, amount: string) => money.createdWith(kind, amount);
const fault = (kind: Kind, rule: Record<string, unknown>) => money.fault(kind, rule);

async function send(desk: Desk, kind: Kind, amount: string): Promise<PendingMoveView> {
  const { move } = await sendOnly(desk, kind, amount);
  return settled(desk, move.id);
}

/** Runs every scenario of one kind in turn (faults are per path, so kinds can run side by side). */
async function runKind(kind: Kind): Promise<Tally> {
  const t: Tally = { sent: 0, created: 0, found: 0, absent: 0, ambiguous: 0, done: 0, misattributed: 0, twinsAmbiguous: 0 };
  const deskA = openDesk(fixture, `${kind.name}-a`, limiter);
  const deskB = openDesk(fixture, `${kind.name}-b`, limiter);
  desks.push(deskA, deskB);
  const amount = (step: number) => money.amount(kind, step);
  const record = async (move: PendingMoveView, own: Transaction[]) => {
    t.sent += 1;
    t[move.state === 'found' ? 'found' : move.state === 'absent' ? 'absent' : move.state === 'ambiguous' ? 'ambiguous' : 'done'] += 1;
    // A done move's ids are the service's own answer; only what the reconciler pinned is checked.
    const pinned = move.state === 'found' ? move.txIds : [];
    if (pinned.some((id) => !own.some((tx) => tx.id === id))) t.misattributed += 1;
  };

  // 1. The reply is lost after the service did it.
  await fault(kind, { status: 504, after: true, count: 1 });
  const lost = await send(deskA, kind, amount(1));
  const lostTruth = await createdWith(kind, amount(1));
  await record(lost, lostTruth);
  expect(lost.state).toBe('found');

  // 2. Refused with 504 before the service handled it.
  await fault(kind, { status: 504, count: 1 });
  const never = await send(deskA, kind, amount(2));
  await record(never, await createdWith(kind, amount(2)));
  expect(never.state).toBe('absent');

  // 3. The service answers after the client gave up.
  await fault(kind, { latency_ms: 900, count: 1 });
  const slow = await send(deskA, kind, amount(3));
  await record(slow, await createdWith(kind, amount(3)));
  expect(slow.state).toBe('found');

  // 4. An identical move succeeds, then the next one is refused before handling.
  const first = await send(deskA, kind, amount(4));
  await fault(kind, { status: 504, count: 1 });
  const second = await send(deskA, kind, amount(4));
  const pairTruth = await createdWith(kind, amount(4));
  await record(first, pairTruth);
  await record(second, []);
  expect([first.state, second.state]).toEqual(['done', 'absent']);

  // 5. Two desks send the same amount to the same place at about the same moment (each request
  //    waits 300 ms before it is handled); both replies are lost. A desk that read its cursor
  //    before both were created cannot tell them apart and must leave it to a person; a desk whose
  //    cursor already covered the other's has exactly one candidate left, its own.
  await fault(kind, { latency_ms: 300, count: 2 });
  await fault(kind, { status: 504, after: true, count: 2 });
  const [fromA, fromB] = await Promise.all([send(deskA, kind, amount(5)), send(deskB, kind, amount(5))]);
  const twinTruth = await createdWith(kind, amount(5));
  expect(twinTruth).toHaveLength(2);
  for (const [desk, move] of [[deskA, fromA], [deskB, fromB]] as const) {
    const cursor = BigInt(desk.store.byId(move.id)?.cursorId ?? '0');
    const after = twinTruth.filter((tx) => BigInt(tx.id) > cursor);
    await record(move, after.length === 1 ? after : []);
    if (after.length >= 2) {
      expect(move.state).toBe('ambiguous');
      expect(move.candidates.map((c) => c.id).sort()).toEqual(after.map((tx) => tx.id).sort());
    } else {
      expect(move).toMatchObject({ state: 'found', txIds: [after[0]?.id] });
    }
  }
  t.twinsAmbiguous += [fromA, fromB].filter((m) => m.state === 'ambiguous').length;

  // 6. The app quits while a move is uncertain; the next start settles it.
  await fault(kind, { status: 504, after: true, count: 1 });
  const { move: pending } = await sendOnly(deskB, kind, amount(6));
  expect(pending.state).toBe('uncertain');
  deskB.close();
  desks.splice(desks.indexOf(deskB), 1);
  const reopened = openDesk(fixture, `${kind.name}-b`, limiter, deskB.dir);
  desks.push(reopened);
  const resumed = await settled(reopened, pending.id);
  await record(resumed, await createdWith(kind, amount(6)));
  expect(resumed.state).toBe('found');

  const created = [lostTruth, await createdWith(kind, amount(2)), await createdWith(kind, amount(3)), pairTruth, twinTruth, await createdWith(kind, amount(6))];
  t.created = created.reduce((n, list) => n + list.length, 0);
  return t;
}

describe('the ledger under faults, for every money-moving kind', () => {
  it('settles every uncertain move and pins none on a transaction it did not create', async () => {
    const tallies = await Promise.all(money.kinds.map(async (kind) => [kind.name, await runKind(kind)] as const));
    console.log('kind                sent created  done found absent ambiguous misattributed');
    for (const [name, t] of tallies) {
      console.log(`${name.padEnd(20)}${[t.sent, t.created, t.done, t.found, t.absent, t.ambiguous, t.misattributed].map((n) => String(n).padStart(6)).join(' ')}`);
    }
    for (const [, t] of tallies) {
      expect(t.misattributed).toBe(0);
      // Created: the lost, slow and restarted ones, the pair's first and the twins' two. The
      // twins are ambiguous or each its own desk's, depending on when each desk read its cursor.
      expect(t).toMatchObject({ sent: 8, created: 6, done: 1, absent: 2, found: 3 + 2 - t.twinsAmbiguous, ambiguous: t.twinsAmbiguous });
    }
  }, 120_000);
});
