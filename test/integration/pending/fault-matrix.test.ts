// Every money-moving kind under every fault the sandbox can inject, through the ledger and the
// real client, with the service's own history as the ground truth: what was created, what the
// ledger reported, and whether any move was pinned on a transaction it did not create.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingMoveView } from '../../../preload/contract/pending';
import type { MoveSpec } from '../../../main/core/pending/ledger';
import { auditActionOf } from '../../../main/core/pending/settlement-audit';
import type { Transaction } from '../../../main/exchange/domain';
import { RateLimiter } from '../../../main/exchange/limiter';
import type { Settled } from '../../../main/exchange/operations';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { clientFor, collect, startFixture, type Fixture } from '../exchange/sandbox-fixture';
import { openDesk, settled, type Desk } from './desk';

const COLD = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

interface Kind {
  name: MoveSpec['kind'];
  path: string;
  base: string;
  spec(amount: string): MoveSpec;
  send(api: TreasuryApi, amount: string): Promise<Settled<unknown>>;
  ids(value: unknown): string[];
  /** Ground truth, written out here rather than taken from the code under test. */
  isRecordOf(tx: Transaction, amount: string): boolean;
}

let fixture: Fixture;
let auditor: TreasuryApi;
let startCursor: string;
let subAccountId: string;
const limiter = new RateLimiter();
const desks: Desk[] = [];

beforeAll(async () => {
  fixture = await startFixture();
  auditor = clientFor(fixture, { limiter }).api;
  startCursor = (await auditor.newestTransactionId()) ?? '0';
  const alpha = (await auditor.subAccounts()).find((s) => s.email === 'sub-alpha@sandbox.test');
  if (alpha === undefined) throw new Error('no sub-alpha');
  subAccountId = alpha.id;
});

afterAll(async () => {
  for (const desk of desks) desk.close();
  auditor?.close();
  await fixture?.close();
});

const same = (tx: Transaction, amount: string) => tx.amount.abs().equals(new Decimal(amount));
const KINDS: Kind[] = [
  {
    name: 'withdraw', path: '/api/3/wallet/crypto/withdraw', base: '0.0021',
    spec: (amount) => ({ kind: 'withdraw', currency: 'BTC', amount, destination: COLD, feeMode: 'added' }),
    send: (api, amount) => api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal(amount), address: COLD }),
    ids: (v) => [(v as { id: string }).id],
    isRecordOf: (tx, amount) => tx.type === 'WITHDRAW' && tx.subtype === 'BLOCKCHAIN' && tx.currency === 'BTC' && tx.address === COLD && same(tx, amount),
  },
  {
    name: 'transfer', path: '/api/3/wallet/transfer', base: '3.1',
    spec: (amount) => ({ kind: 'transfer', currency: 'USDT', amount, destination: 'wallet>spot' }),
    send: (api, amount) => api.transfer({ currency: 'USDT', amount: new Decimal(amount), source: 'wallet', destination: 'spot' }),
    ids: (v) => v as string[],
    isRecordOf: (tx, amount) => tx.type === 'TRANSFER' && tx.subtype === 'WALLET_TO_SPOT' && tx.currency === 'USDT' && same(tx, amount),
  },
  {
    name: 'convert', path: '/api/3/wallet/convert', base: '4.2',
    spec: (amount) => ({ kind: 'convert', currency: 'USDT', amount, destination: 'ETH' }),
    send: (api, amount) => api.convert({ fromCurrency: 'USDT', toCurrency: 'ETH', amount: new Decimal(amount) }),
    ids: (v) => v as string[],
    isRecordOf: (tx, amount) => tx.type === 'SWAP' && tx.currency === 'USDT' && same(tx, amount),
  },
  {
    name: 'internalWithdraw', path: '/api/3/wallet/internal/withdraw', base: '5.3',
    spec: (amount) => ({ kind: 'internalWithdraw', currency: 'USDT', amount, destination: 'sub-beta@sandbox.test' }),
    send: (api, amount) => api.internalWithdraw({ currency: 'USDT', amount: new Decimal(amount), by: 'email', identifier: 'sub-beta@sandbox.test' }),
    ids: (v) => [v as string],
    isRecordOf: (tx, amount) => tx.type === 'WITHDRAW' && tx.subtype === 'OFFCHAIN' && tx.currency === 'USDT' && same(tx, amount),
  },
  {
    name: 'subAccountTransfer', path: '/api/3/sub-account/transfer', base: '6.4',
    spec: (amount) => ({ kind: 'subAccountTransfer', currency: 'USDT', amount, destination: `to_sub_account:${subAccountId}` }),
    send: (api, amount) => api.subAccountTransfer({ subAccountId, currency: 'USDT', amount: new Decimal(amount), direction: 'to_sub_account' }),
    ids: (v) => [v as string],
    isRecordOf: (tx, amount) => tx.type === 'WITHDRAW' && tx.subtype === 'SUB_ACCOUNT' && tx.currency === 'USDT' && same(tx, amount),
  },
];

interface Tally { sent: number; created: number; found: number; absent: number; ambiguous: number; done: number; misattributed: number }

function sendOnly(desk: Desk, kind: Kind, amount: string) {
  const subject = { profileId: 'desk-profile', profileName: desk.name, action: auditActionOf(kind.name), currency: kind.spec(amount).currency, amount };
  return desk.ledger.send(kind.spec(amount), subject, () => kind.send(desk.api, amount), kind.ids);
}

async function send(desk: Desk, kind: Kind, amount: string): Promise<PendingMoveView> {
  const { move } = await sendOnly(desk, kind, amount);
  return settled(desk, move.id);
}

async function createdWith(kind: Kind, amount: string): Promise<Transaction[]> {
  const history = await collect(auditor.transactions({ idFrom: (BigInt(startCursor) + 1n).toString() }));
  return history.filter((tx) => kind.isRecordOf(tx, amount));
}

function fault(kind: Kind, rule: Record<string, unknown>): Promise<unknown> {
  return fixture.control('POST', '/sandbox/faults', { path: kind.path, method: 'POST', ...rule });
}

/** Runs every scenario of one kind in turn (faults are per path, so kinds can run side by side). */
async function runKind(kind: Kind): Promise<Tally> {
  const t: Tally = { sent: 0, created: 0, found: 0, absent: 0, ambiguous: 0, done: 0, misattributed: 0 };
  const deskA = openDesk(fixture, `${kind.name}-a`, limiter);
  const deskB = openDesk(fixture, `${kind.name}-b`, limiter);
  desks.push(deskA, deskB);
  const amount = (step: number) => new Decimal(kind.base).plus(new Decimal(step).times('0.0001')).toFixed();
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

  // 5. Two desks send the same amount to the same place at the same moment (both read their
  //    cursor before either request is handled); both replies are lost. Nothing tells the two
  //    transactions apart, so neither desk may claim one: a person decides.
  await fault(kind, { latency_ms: 300, count: 2 });
  await fault(kind, { status: 504, after: true, count: 2 });
  const [fromA, fromB] = await Promise.all([send(deskA, kind, amount(5)), send(deskB, kind, amount(5))]);
  const twinTruth = await createdWith(kind, amount(5));
  await record(fromA, []);
  await record(fromB, []);
  expect([fromA.state, fromB.state]).toEqual(['ambiguous', 'ambiguous']);
  expect(fromA.candidates.map((c) => c.id).sort()).toEqual(twinTruth.map((tx) => tx.id).sort());

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
    const tallies = await Promise.all(KINDS.map(async (kind) => [kind.name, await runKind(kind)] as const));
    console.log('kind                sent created  done found absent ambiguous misattributed');
    for (const [name, t] of tallies) {
      console.log(`${name.padEnd(20)}${[t.sent, t.created, t.done, t.found, t.absent, t.ambiguous, t.misattributed].map((n) => String(n).padStart(6)).join(' ')}`);
    }
    for (const [, t] of tallies) {
      expect(t.misattributed).toBe(0);
      // Created: the lost, slow and restarted ones, the pair's first and the twins' two.
      expect(t).toMatchObject({ sent: 8, created: 6, done: 1, found: 3, absent: 2, ambiguous: 2 });
    }
  }, 120_000);
});
