// Changing sub-accounts' permissions through the real core, client and sandbox: before → after per
// account, checked through the service's own GET /api/3/sub-account/acl; accounts the service
// lists no ACL for skipped with the reason; nothing sent where nothing changes; each change audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, sentTo, startHarness, unwrap, type Harness } from './harness';

const ACL_PATH = '/api/3/sub-account/acl';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('sub-account permissions', () => {
  it('changes each account with its own request, showing before and after as the service keeps them', async () => {
    const [alpha, kappa] = [await h.idOf('sub-alpha'), await h.idOf('sub-kappa')];
    const posts = sentTo(h.desk, ACL_PATH, 'POST');
    const results = unwrap(await h.desk.core.handlers.setSubAccountAcl({ ids: [alpha, kappa], withdrawEnabled: false, description: 'desk A' }));

    expect(results.map((r) => [r.id, r.outcome, r.message, r.statusAfter])).toEqual([
      [alpha, 'done', "Changed: withdrawals on → off; description '' → 'desk A'", 'active'],
      [kappa, 'done', "Changed: withdrawals on → off; description '' → 'desk A'", 'active'],
    ]);
    expect(results[0]?.before).toMatchObject({ withdrawEnabled: true, depositAddressGenerationEnabled: true, description: '' });
    expect(results[0]?.after).toMatchObject({ withdrawEnabled: false, depositAddressGenerationEnabled: true, description: 'desk A' });
    expect(sentTo(h.desk, ACL_PATH, 'POST') - posts).toBe(2);
    for (const id of [alpha, kappa]) {
      expect(await h.serviceAcl(id)).toEqual([expect.objectContaining({ sub_account_id: id, withdraw_enabled: false, deposit_address_generation_enabled: true, description: 'desk A' })]);
    }

    const audit = h.desk.audit.all({ action: 'subAccountAcl' }).map((e) => [e.phase, e.outcome, e.detail]);
    expect(audit.slice(0, 2)).toEqual([
      ['attempt', 'sent', `sub-alpha@sandbox.test (id ${alpha}): withdrawals on → off; description '' → 'desk A'`],
      ['result', 'ok', `sub-alpha@sandbox.test (id ${alpha}): withdrawals on → off; description '' → 'desk A'`],
    ]);
    expect(audit).toHaveLength(4);
  });

  it('skips a frozen and a disabled account with the reason, and one with nothing to change, sending nothing for them', async () => {
    const [alpha, epsilon, gamma] = [await h.idOf('sub-alpha'), await h.idOf('sub-epsilon'), await h.idOf('sub-gamma')];
    const posts = sentTo(h.desk, ACL_PATH, 'POST');
    const audited = h.desk.audit.all({ action: 'subAccountAcl' }).length;
    const results = unwrap(await h.desk.core.handlers.setSubAccountAcl({ ids: [alpha, epsilon, gamma], description: 'desk A' }));

    expect(results.map((r) => [r.id, r.outcome, r.message, r.before === null, r.statusAfter])).toEqual([
      [alpha, 'skipped', 'Nothing to change', false, 'active'],
      [epsilon, 'skipped', 'Frozen: its permissions can be read and changed again once it is activated', true, 'frozen'],
      [gamma, 'skipped', 'Disabled by the service: its permissions cannot be changed', true, 'disabled'],
    ]);
    expect(sentTo(h.desk, ACL_PATH, 'POST')).toBe(posts);
    expect(h.desk.audit.all({ action: 'subAccountAcl' })).toHaveLength(audited);
    expect(await h.serviceAcl(epsilon)).toEqual([]);
  });

  it('changes the deposit-address right alone, leaving the rest as it was', async () => {
    const mu = await h.idOf('sub-mu');
    const [result] = unwrap(await h.desk.core.handlers.setSubAccountAcl({ ids: [mu], depositAddressGenerationEnabled: false }));
    expect(result?.message).toBe('Changed: deposit addresses on → off');
    expect(await h.serviceAcl(mu)).toEqual([expect.objectContaining({ withdraw_enabled: true, deposit_address_generation_enabled: false, description: '' })]);
  });

  it('refuses a description with a hidden text-direction mark before reading anything', async () => {
    const mu = await h.idOf('sub-mu');
    const error = failure(await h.desk.core.handlers.setSubAccountAcl({ ids: [mu], description: 'desk\u202eA' }));
    expect([error.code, error.field]).toEqual(['VALIDATION', 'description']);
  });
});
