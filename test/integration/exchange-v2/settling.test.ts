// The app settles a money move whose answer was lost from the history (main/core/pending/
// matching.ts): a cursor taken before sending, then the one record that looks like the move.
// Through version 2 the cursor is an index and the records come in version 2's words mapped back,
// so each kind of move must still be found: exactly one candidate, the move's own record.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideDecision, historyFilter, isCandidate } from '../../../main/core/pending/matching';
import type { PendingMove } from '../../../main/core/pending/store';
import type { Settled } from '../../../main/exchange/operations';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { clientForV2, collect, startFixture, type Fixture } from './v2-fixture';

let fixture: Fixture;
let api: TreasuryApi;
let subId = '';
const COLD_STORAGE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

beforeAll(async () => {
  fixture = await startFixture();
  api = clientForV2(fixture).api;
  // A history that is not empty, so every move has a cursor before it.
  await api.transfer({ currency: 'USDT', amount: new Decimal('1'), source: 'wallet', destination: 'spot' });
  subId = (await api.subAccounts()).find((sub) => sub.email === 'sub-alpha@sandbox.test')?.id ?? '';
});
afterAll(async () => {
  api.close();
  await fixture.close();
});

type Move = Pick<PendingMove, 'kind' | 'currency' | 'amount' | 'destination'>;

const CASES: Array<[string, Move, () => Promise<Settled<unknown>>, (value: unknown) => string[]]> = [
  ['a withdrawal', { kind: 'withdraw', currency: 'BTC', amount: '0.00111', destination: COLD_STORAGE },
    () => api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.00111'), address: COLD_STORAGE }), (v) => [(v as { id: string }).id]],
  ['a transfer to spot', { kind: 'transfer', currency: 'USDT', amount: '7', destination: 'wallet>spot' },
    () => api.transfer({ currency: 'USDT', amount: new Decimal('7'), source: 'wallet', destination: 'spot' }), (v) => v as string[]],
  ['a transfer back', { kind: 'transfer', currency: 'USDT', amount: '3', destination: 'spot>wallet' },
    () => api.transfer({ currency: 'USDT', amount: new Decimal('3'), source: 'spot', destination: 'wallet' }), (v) => v as string[]],
  ['a conversion', { kind: 'convert', currency: 'USDT', amount: '20', destination: 'BTC' },
    () => api.convert({ fromCurrency: 'USDT', toCurrency: 'BTC', amount: new Decimal('20') }), (v) => (v as string[]).slice(0, 1)],
  ['an internal withdrawal', { kind: 'internalWithdraw', currency: 'USDT', amount: '2', destination: 'sub-alpha@sandbox.test' },
    () => api.internalWithdraw({ currency: 'USDT', amount: new Decimal('2'), by: 'email', identifier: 'sub-alpha@sandbox.test' }), (v) => [v as string]],
  ['a transfer to a sub-account', { kind: 'subAccountTransfer', currency: 'USDT', amount: '6', destination: 'to_sub_account:SUB' },
    () => api.subAccountTransfer({ subAccountId: subId, currency: 'USDT', amount: new Decimal('6'), direction: 'to_sub_account' }), (v) => [v as string]],
];

describe('a lost answer is found in the version 2 history', () => {
  it.each(CASES)('%s', async (_name, move, send, idsOf) => {
    const cursorId = await api.newestTransactionId();
    const sentAtMs = api.serviceNow();
    const sent = await send();
    if (sent.status !== 'done') throw new Error('the move was uncertain');
    const pending: PendingMove = {
      id: 'm1', profileId: 'p1', ...move, destination: move.destination?.replace('SUB', subId) ?? null, feeMode: null, subjectId: null,
      cursorId, sentAtMs, settleByMs: sentAtMs + 40_000, state: 'uncertain', txIds: [], candidates: [], reason: null, settledBy: null,
      createdAt: '', updatedAt: '',
    };
    const filter = historyFilter(pending);
    expect(cursorId).toMatch(/^\d+$/);
    expect(filter.idFrom).toBe((BigInt(cursorId ?? '') + 1n).toString());
    const candidates = (await collect(api.transactions(filter))).filter((tx) => isCandidate(pending, tx, new Set()));
    // The move's own record, and (for a conversion) only the leg paid out.
    expect(candidates.map((tx) => tx.id)).toEqual(idsOf(sent.value).slice(0, 1));
  });
});

describe('a lost commit or rollback answer is settled from the withdrawal read through version 2', () => {
  const decisionOf = (kind: 'commit' | 'rollback', subjectId: string): PendingMove => ({
    id: 'd1', profileId: 'p1', kind, currency: 'BTC', amount: '0.00222', destination: COLD_STORAGE, feeMode: null, subjectId,
    cursorId: null, sentAtMs: 0, settleByMs: 1, state: 'uncertain', txIds: [], candidates: [], reason: null, settledBy: null,
    createdAt: '', updatedAt: '',
  });
  const prepare = async (): Promise<string> => {
    const prepared = await api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal('0.00222'), address: COLD_STORAGE });
    if (prepared.status !== 'done') throw new Error('the withdrawal was uncertain');
    return prepared.value.id;
  };

  it('a rollback that happened is found, and a commit that did not is absent', async () => {
    const id = await prepare();
    expect(await api.rollbackWithdrawal(id)).toBe(true);
    const tx = await api.transaction(id);
    expect(decideDecision(decisionOf('rollback', id), tx, api.serviceNow()).status).toBe('found');
    expect(decideDecision(decisionOf('commit', id), tx, api.serviceNow()).status).toBe('absent');
  });

  it('a commit that happened is found, and a rollback that did not is absent', async () => {
    const id = await prepare();
    expect(await api.commitWithdrawal(id)).toBe(true);
    const tx = await api.transaction(id);
    expect(decideDecision(decisionOf('commit', id), tx, api.serviceNow()).status).toBe('found');
    expect(decideDecision(decisionOf('rollback', id), tx, api.serviceNow()).status).toBe('absent');
  });
});
