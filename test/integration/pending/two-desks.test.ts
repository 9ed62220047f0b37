// Two desks (two installs: own data dirs, own keys) on the one master account of one sandbox,
// both profiles saying the account is shared, make the identical move at about the same moment,
// every kind, with faults on one desk or both. The sandbox's own records are the ground truth: a
// desk that settles "found" on a transaction it cannot prove it made has misattributed it, and a
// desk that settles "absent" while the service created something nobody accounts for has lost it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingMoveView } from '../../../preload/contract/pending';
import { RateLimiter } from '../../../main/exchange/limiter';
import { startFixture, type Fixture } from '../exchange/sandbox-fixture';
import { openDesk, settled, type Desk } from './desk';
import { setUpKinds, type Kind, type MoneyKinds } from './kinds';

let fixture: Fixture;
let money: MoneyKinds;
let deskA: Desk;
let deskB: Desk;
const limiter = new RateLimiter();

async function ownKey(label: string): Promise<{ apiKey: string; secretKey: string }> {
  const key = await fixture.control('POST', '/sandbox/keys', { rights: ['PAY', 'WDR', 'HIST', 'ORD'], label }) as { api_key: string; secret_key: string };
  return { apiKey: key.api_key, secretKey: key.secret_key };
}

beforeAll(async () => {
  fixture = await startFixture();
  money = await setUpKinds(fixture, limiter);
  deskA = openDesk(fixture, 'desk-a', limiter, undefined, { key: await ownKey('desk-a'), sharedAccount: true });
  deskB = openDesk(fixture, 'desk-b', limiter, undefined, { key: await ownKey('desk-b'), sharedAccount: true });
});

afterAll(async () => {
  deskA?.close();
  deskB?.close();
  money?.auditor.close();
  await fixture?.close();
});

interface Scenario {
  name: string;
  /** Sandbox fault rules on the kind's path, added just before the round. */
  faults: Record<string, unknown>[];
  /** The fault is A's: B sends the moment the sandbox has used it on A's request. */
  onA: boolean;
  /** What each desk must end in: B's clean moves are answered; anything A could not prove goes to a person. */
  expected: [PendingMoveView['state'], PendingMoveView['state']];
}

const SCENARIOS: Scenario[] = [
  { name: 'A 504 before', faults: [{ status: 504, count: 1 }], onA: true, expected: ['ambiguous', 'done'] },
  { name: 'A 504 after', faults: [{ status: 504, after: true, count: 1 }], onA: true, expected: ['ambiguous', 'done'] },
  { name: 'both 504 after', faults: [{ status: 504, after: true, count: 2 }], onA: false, expected: ['ambiguous', 'ambiguous'] },
  { name: 'both 504 before', faults: [{ status: 504, count: 2 }], onA: false, expected: ['absent', 'absent'] },
  // Held before handling longer than the client waits: the service runs it after A gave up.
  { name: 'A held 900 ms', faults: [{ latency_ms: 900, count: 1 }], onA: true, expected: ['ambiguous', 'done'] },
];

interface Outcome {
  scenario: string;
  moves: [PendingMoveView, PendingMoveView];
  misattributed: number;
  lost: number;
  /** A desk's own transaction (when provable) missing from its candidates. */
  hidden: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the sandbox has used the fault rule at least once (its count went down). */
async function used(ruleId: number, count: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const { rules } = await fixture.control('GET', '/sandbox/faults') as { rules: { id: number; remaining?: number }[] };
    const rule = rules.find((r) => r.id === ruleId);
    if (rule === undefined || (rule.remaining ?? count) < count) return;
    if (Date.now() > deadline) throw new Error(`fault rule ${ruleId} was never used`);
    await pause(10);
  }
}

/** Sends every round of one kind (faults are per path and used up by their count, so kinds run
 *  side by side), then judges each once settled. The held round is last: the held request is
 *  handled after its client gave up, and would meet the next round's rules. */
async function runKind(kind: Kind): Promise<Outcome[]> {
  const sent: { scenario: Scenario; amount: string; ids: [string, string] }[] = [];
  for (const [index, scenario] of SCENARIOS.entries()) {
    const amount = money.amount(kind, 20 + index);
    const rules: { id: number; count: number }[] = [];
    for (const rule of scenario.faults) rules.push({ id: (await money.fault(kind, rule) as { id: number }).id, count: Number(rule.count) });
    const sendingA = money.sendOnly(deskA, kind, amount);
    if (scenario.onA) for (const rule of rules) await used(rule.id, rule.count);
    const [fromA, fromB] = await Promise.all([sendingA, money.sendOnly(deskB, kind, amount)]);
    sent.push({ scenario, amount, ids: [fromA.move.id, fromB.move.id] });
  }
  const outcomes: Outcome[] = [];
  for (const { scenario, amount, ids } of sent) {
    const moves: [PendingMoveView, PendingMoveView] = [await settled(deskA, ids[0]), await settled(deskB, ids[1])];
    const created = await money.createdWith(kind, amount);
    outcomes.push({ scenario: scenario.name, moves, ...judge(moves, created.map((tx) => tx.id)) });
  }
  return outcomes;
}

/** Ground truth: the other desk's answered ids are its own; what else was created is this desk's. */
function judge(moves: [PendingMoveView, PendingMoveView], created: string[]): Pick<Outcome, 'misattributed' | 'lost' | 'hidden'> {
  const answered = moves.flatMap((m) => (m.state === 'done' ? m.txIds : []));
  let misattributed = 0;
  let hidden = 0;
  for (const [index, move] of moves.entries()) {
    const other = moves[1 - index];
    const provable = other?.state === 'done' ? created.filter((id) => !other.txIds.includes(id)) : null;
    if (move.state === 'found' && (provable === null || move.txIds.some((id) => !provable.includes(id)))) misattributed += 1;
    if (move.state === 'ambiguous' && provable !== null && provable.some((id) => !move.candidates.some((c) => c.id === id))) hidden += 1;
  }
  const unaccounted = created.filter((id) => !answered.includes(id));
  const lost = moves.every((m) => m.state === 'done' || m.state === 'absent' || m.state === 'refused') && unaccounted.length > 0 ? unaccounted.length : 0;
  return { misattributed, lost, hidden };
}

function cell(move: PendingMoveView): string {
  return move.state === 'ambiguous' ? `ambiguous(${move.candidates.length})` : move.state;
}

describe('two desks on one shared account', () => {
  it('never settle a move on the other desk\'s transaction, and lose none, for every kind and fault', async () => {
    const results = await Promise.all(money.kinds.map(async (kind) => [kind.name, await runKind(kind)] as const));
    console.log(`two desks, shared account: A | B per fault (ambiguous(n) = n candidates shown to a person)\n${'kind'.padEnd(20)}${SCENARIOS.map((s) => s.name.padEnd(29)).join('')}misattributed lost`);
    for (const [name, outcomes] of results) {
      const cells = outcomes.map((o) => `${cell(o.moves[0])} | ${cell(o.moves[1])}`.padEnd(29)).join('');
      const sum = (field: 'misattributed' | 'lost') => outcomes.reduce((n, o) => n + o[field], 0);
      console.log(`${name.padEnd(20)}${cells}${String(sum('misattributed')).padStart(13)} ${String(sum('lost')).padStart(4)}`);
    }
    for (const [name, outcomes] of results) {
      for (const [index, outcome] of outcomes.entries()) {
        const where = `${name}, ${outcome.scenario}`;
        expect({ where, misattributed: outcome.misattributed, lost: outcome.lost, hidden: outcome.hidden }).toEqual({ where, misattributed: 0, lost: 0, hidden: 0 });
        expect({ where, states: outcome.moves.map((m) => m.state) }).toEqual({ where, states: SCENARIOS[index]?.expected });
      }
    }
  }, 60_000);
});
