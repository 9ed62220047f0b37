// A commit or rollback whose every answer is lost (the client retries these, they are idempotent)
// leaves its move uncertain; the withdrawal's own status then proves whether it happened.
import Decimal from '../../../preload/contract/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../main/exchange/limiter';
import { startFixture, type Fixture } from '../exchange/sandbox-fixture';
import { openDesk, settled, type Desk } from './desk';

const COLD = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
let fixture: Fixture;
let desk: Desk;

beforeAll(async () => {
  fixture = await startFixture();
  desk = openDesk(fixture, 'decisions', new RateLimiter());
});
afterAll(async () => {
  desk?.close();
  await fixture?.close();
});

async function prepared(amount: string): Promise<string> {
  const result = await desk.api.prepareWithdrawal({ currency: 'BTC', amount: new Decimal(amount), address: COLD });
  if (result.status !== 'done') throw new Error('prepare failed');
  return result.value.id;
}

async function decideLost(kind: 'commit' | 'rollback', id: string, after: boolean, on: Desk = desk): Promise<string> {
  await fixture.control('POST', '/sandbox/faults', { path: `/api/3/wallet/crypto/withdraw/${id}`, method: kind === 'commit' ? 'PUT' : 'DELETE', status: 504, after });
  const subject = { profileId: 'desk-profile', profileName: on.name, action: kind, currency: 'BTC', amount: '0', txId: id };
  const send = () => (kind === 'commit' ? on.api.commitWithdrawal(id) : on.api.rollbackWithdrawal(id));
  await expect(on.ledger.decide({ kind, currency: 'BTC', amount: '0', destination: COLD, subjectId: id }, subject, send)).rejects.toMatchObject({ status: 504 });
  await fixture.control('DELETE', '/sandbox/faults');
  const move = on.ledger.list().find((m) => m.kind === kind && m.destination === COLD && m.state === 'uncertain');
  if (move === undefined) throw new Error(`no uncertain ${kind}`);
  return move.id;
}

describe('a commit or rollback whose answers are all lost', () => {
  it('is found when the service did it (commit handled, every reply lost)', async () => {
    const id = await prepared('0.0031');
    const moveId = await decideLost('commit', id, true);
    expect(await settled(desk, moveId)).toMatchObject({ state: 'found', txIds: [id] });
  });

  it('is absent when the service never did it (rollback refused before handling each time)', async () => {
    const id = await prepared('0.0032');
    const moveId = await decideLost('rollback', id, false);
    expect(await settled(desk, moveId)).toMatchObject({ state: 'absent' });
    const entries = desk.audit.all({ action: 'rollback' }).filter((e) => e.correlationId === moveId);
    expect(entries.map((e) => [e.phase, e.outcome])).toEqual([['attempt', 'sent'], ['result', 'error'], ['result', 'error']]);
  });

  it('on a shared account, is found but says another desk or script may have made the decision', async () => {
    const shared = openDesk(fixture, 'decisions-shared', new RateLimiter(), undefined, { sharedAccount: true });
    try {
      const id = await prepared('0.0033');
      const moveId = await decideLost('commit', id, true, shared);
      const found = await settled(shared, moveId);
      expect(found).toMatchObject({ state: 'found', txIds: [id] });
      expect(found.reason).toBe(`Withdrawal ${id} is approved, by this desk or another desk or script on the account`);
    } finally {
      shared.close();
    }
  });
});
