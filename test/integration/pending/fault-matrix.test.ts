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
  /** Between the amounts of two scenarios (within the currency's precision). */
  step?: string;
  spec(amount: string): MoveSpec;
  send(api: TreasuryApi, amount: string): Promise<Settled<unknown>>;
  ids(value: unknown): string[];
  /** Ground truth, written out here rather than taken from the code under test. */
  isRecordOf(tx: Transaction, amount: string): boolean;
  /** Where the ground truth is read; the wallet history unless said. */
  records?(): Promise<Transaction[]>;
}

let fixture: Fixture;
let auditor: TreasuryApi;
let startCursor: string;
let subAccountId: string;
let provider: { id: string; paymentMethodId: string };
const limiter = new RateLimiter();
const desks: Desk[] = [];

beforeAll(async () => {
  fixture = await startFixture();
  auditor = clientFor(fixture, { limiter }).api;
  startCursor = (await auditor.newestTransactionId()) ?? '0';
  const alpha = (await auditor.subAccounts()).find((s) => s.email === 'sub-alpha@sandbox.test');
  if (alpha === undefined) throw new Error('no sub-alpha');
  subAccountId = alpha.id;
  const first = (await auditor.buyCryptoProviders('EUR', 'BTC'))[0];
  if (first === undefined) throw new Error('no buy-crypto provider');
  const quote = (await auditor.buyCryptoRate({ providerId: first.id, source: 'EUR', target: 'BTC', sourceAmount: new Decimal('100') })).prices[0];
  if (quote === undefined) throw new Error('no buy-crypto quote');
  provider = { id: first.id, paymentMethodId: quote.paymentMethodId };
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
  {
    name: 'buyCryptoOrder', path: '', base: '100.01', step: '0.01',
    spec: (amount) => ({ kind: 'buyCryptoOrder', currency: 'EUR', amount, destination: `${provider.id}>BTC` }),
    send: (api, amount) => api.createBuyCryptoOrder({ providerId: provider.id, source: 'EUR', target: 'BTC', sourceAmount: new Decimal(amount), paymentMethodId: provider.paymentMethodId }),
    ids: (v) => [(v as { id: string }).id],
    // Orders, as the provider lists them: read and compared field by field here.
    records: async () => (await auditor.buyCryptoOrders(provider.id)).map((o) => ({
      id: o.id, type: 'ORDER', subtype: o.targetCode, currency: o.sourceCode, amount: o.sourceAmount ?? new Decimal(-1),
    }) as unknown as Transaction),
    isRecordOf: (tx, amount) => tx.type === 'ORDER' && tx.subtype === 'BTC' && tx.currency === 'EUR' && same(tx, amount),
  },
];

interface Tally { sent: number; created: number; found: number; absent: number; ambiguous: number; done: number; misattributed: number; twinsAmbiguous: number }

function sendOnly(desk: Desk, kind: Kind, amount: string) {
  const subject = { profileId: 'desk-profile', profileName: desk.name, action: auditActionOf(kind.name), currency: kind.spec(amount).currency, amount };
  return desk.ledger.send(kind.spec(amount), subject, () => kind.send(desk.api, amount), kind.ids);
}

async function send(desk: Desk, kind: Kind, amount: string): Promise<PendingMoveView> {
  const { move } = await sendOnly(desk, kind, amount);
  return settled(desk, move.id);
}

async function createdWith(kind: Kind, amount: string): Promise<Transaction[]> {
  const history = kind.records ? await kind.records() : await collect(auditor.transactions({ idFrom: (BigInt(startCursor) + 1n).toString() }));
  return history.filter((tx) => kind.isRecordOf(tx, amount));
}

function fault(kind: Kind, rule: Record<string, unknown>): Promise<unknown> {
  const path = kind.path || `/api/3/buy-crypto/provider/${provider.id}/order`;
  return fixture.control('POST', '/sandbox/faults', { path, method: 'POST', ...rule });
}

/** Runs every scenario of one kind in turn (faults are per path, so kinds can run side by side). */
async function runKind(kind: Kind): Promise<Tally> {
  const t: Tally = { sent: 0, created: 0, found: 0, absent: 0, ambiguous: 0, done: 0, misattributed: 0, twinsAmbiguous: 0 };
  const deskA = openDesk(fixture, `${kind.name}-a`, limiter);
  const deskB = openDesk(fixture, `${kind.name}-b`, limiter);
  desks.push(deskA, deskB);
  const amount = (step: number) => new Decimal(kind.base).plus(new Decimal(step).times(kind.step ?? '0.0001')).toFixed();
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
    const tallies = await Promise.all(KINDS.map(async (kind) => [kind.name, await runKind(kind)] as const));
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
