// Freezing and activating through the real core, client and sandbox: an outcome per account
// (one request each), the status read back at the service, a lost answer shown as uncertain with
// what the list says now, and every request audited before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentTo, startHarness, unwrap, type Harness } from './harness';

const FREEZE_PATH = '/api/3/sub-account/freeze';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const statusAt = async (id: string) => (await h.serviceList()).find((s) => s.sub_account_id === id)?.status;

describe('freezing and activating sub-accounts', () => {
  it('freezes each selected account with its own request: done, already frozen, disabled, unknown — each row its outcome', async () => {
    const [delta, epsilon, gamma] = [await h.idOf('sub-delta'), await h.idOf('sub-epsilon'), await h.idOf('sub-gamma')];
    const posts = sentTo(h.desk, FREEZE_PATH, 'POST');
    const results = unwrap(await h.desk.core.handlers.freezeSubAccounts({ ids: [delta, epsilon, gamma, '99999'] }));

    expect(results.map((r) => [r.id, r.email, r.outcome, r.statusAfter])).toEqual([
      [delta, 'sub-delta@sandbox.test', 'done', 'frozen'],
      [epsilon, 'sub-epsilon@sandbox.test', 'alreadyBlocked', 'frozen'],
      [gamma, 'sub-gamma@sandbox.test', 'alreadyBlocked', 'disabled'],
      ['99999', '', 'failed', null],
    ]);
    expect(results.map((r) => r.message)).toEqual([
      'Frozen',
      'Already frozen: the service refused to freeze it again (code 21004)',
      'Disabled by the service, so it cannot be frozen (code 21004)',
      'No sub-account 99999 belongs to this account: nothing was sent',
    ]);
    expect(sentTo(h.desk, FREEZE_PATH, 'POST') - posts).toBe(3);
    expect(await statusAt(delta)).toBe('frozen');

    const audit = h.desk.audit.all({ action: 'subAccountFreeze' }).map((e) => [e.phase, e.outcome, e.detail, e.error]);
    expect(audit).toEqual([
      ['attempt', 'sent', `sub-delta@sandbox.test (id ${delta})`, null],
      ['result', 'ok', `sub-delta@sandbox.test (id ${delta})`, null],
      ['attempt', 'sent', `sub-epsilon@sandbox.test (id ${epsilon})`, null],
      ['result', 'error', `sub-epsilon@sandbox.test (id ${epsilon})`, 'The sub-account is already frozen or disabled. (code 21004)'],
      ['attempt', 'sent', `sub-gamma@sandbox.test (id ${gamma})`, null],
      ['result', 'error', `sub-gamma@sandbox.test (id ${gamma})`, 'The sub-account is already frozen or disabled. (code 21004)'],
    ]);
  });

  it('activates a frozen account, and says a disabled one cannot be activated (the service answers false)', async () => {
    const [delta, gamma] = [await h.idOf('sub-delta'), await h.idOf('sub-gamma')];
    const results = unwrap(await h.desk.core.handlers.activateSubAccounts({ ids: [delta, gamma] }));
    expect(results.map((r) => [r.id, r.outcome, r.message, r.statusAfter])).toEqual([
      [delta, 'done', 'Activated', 'active'],
      [gamma, 'cannotActivate', 'A disabled account cannot be activated: the service disabled it', 'disabled'],
    ]);
    expect([await statusAt(delta), await statusAt(gamma)]).toEqual(['active', 'disable']);
    const audit = h.desk.audit.all({ action: 'subAccountActivate' }).map((e) => [e.phase, e.outcome, e.error]);
    expect(audit).toEqual([
      ['attempt', 'sent', null],
      ['result', 'ok', null],
      ['attempt', 'sent', null],
      ['result', 'error', 'A disabled account cannot be activated: the service disabled it'],
    ]);
  });

  it('shows a freeze whose answer was lost as uncertain, with the status the list shows afterwards', async () => {
    const eta = await h.idOf('sub-eta');
    await h.control('POST', '/sandbox/faults', { path: FREEZE_PATH, method: 'POST', status: 504, code: 504, count: 1, after: true });
    const [result] = unwrap(await h.desk.core.handlers.freezeSubAccounts({ ids: [eta] }));
    expect(result).toMatchObject({ id: eta, outcome: 'uncertain', statusAfter: 'frozen' });
    expect(result?.message).toBe('The answer was lost (The service timed out. The outcome is unknown until it has been checked. (code 504)); the list read again shows it frozen');
    const last = h.desk.audit.all({ action: 'subAccountFreeze' }).at(-1);
    expect([last?.phase, last?.outcome]).toEqual(['result', 'uncertain']);
  });

  it('lists every sub-account with its status and ACL, and says in words why a frozen or disabled one has none', async () => {
    const list = unwrap(await h.desk.core.handlers.listSubAccounts(undefined));
    expect(list.subAccounts).toHaveLength(12);
    const row = (name: string) => list.subAccounts.find((s) => s.email === `${name}@sandbox.test`);
    expect(row('sub-alpha')).toMatchObject({ status: 'active', acl: { withdrawEnabled: true, depositAddressGenerationEnabled: true, description: '' }, aclMissingReason: null });
    expect(row('sub-iota')).toMatchObject({ status: 'new', aclMissingReason: null });
    expect(row('sub-theta')).toMatchObject({ status: 'frozen', acl: null, aclMissingReason: 'Frozen: its permissions can be read and changed again once it is activated' });
    expect(row('sub-gamma')).toMatchObject({ status: 'disabled', acl: null, aclMissingReason: 'Disabled by the service: its permissions cannot be changed' });
    expect(sentTo(h.desk, '/api/3/sub-account/acl', 'GET')).toBeGreaterThanOrEqual(1);
  });
});
