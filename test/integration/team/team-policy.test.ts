// The team's spending policy on real desks: a change counts only once another desk approves it,
// the rolling 24-hour cap refuses a prepare before anything is sent, and an address-book entry is
// unusable before its approval and during its cool-down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamPolicyInput, TeamStatus } from '../../../preload/contract';
import { formTeam, openTeamWorld, OTHER_BTC_ADDRESS, prepare, waitFor, type Desk, type TeamWorld } from './team-desks';

let world: TeamWorld;
let a: Desk;
let b: Desk;

beforeAll(async () => {
  world = await openTeamWorld();
  [a, b] = (await formTeam(world, ['Payments', 'Controller'])) as [Desk, Desk];
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const basePolicy: TeamPolicyInput = {
  referenceCurrency: 'USDT',
  tiers: [{ upTo: '10000', approvals: 1 }, { upTo: '250000', approvals: 2 }],
  currencyCaps: [],
  teamDailyCap: null,
  addressBookOnly: false,
  coolDownHours: 24,
};

/** Proposes on `by`, approves on `approver`, and waits until both desks hold the new version. */
async function changePolicy(by: Desk, approver: Desk, policy: TeamPolicyInput): Promise<number> {
  const proposed = await by.call<TeamStatus>('proposePolicy', policy);
  const version = proposed.pendingPolicy?.policy.version ?? 0;
  const proposal = proposed.pendingPolicy?.proposal;
  await waitFor(approver, (status) => status.pendingPolicy?.proposal === proposal);
  await approver.call('approvePolicy', { version, proposal });
  await waitFor(by, (status) => status.policy?.version === version);
  return version;
}

describe('team policy', () => {
  it('puts a change in force only after another desk approves it, then refuses a prepare above the cap', async () => {
    const proposed = await a.call<TeamStatus>('proposePolicy', { ...basePolicy, currencyCaps: [{ currency: 'BTC', amount: '0.05' }] });
    expect(proposed.policy?.version).toBe(1);
    expect(proposed.pendingPolicy?.canApprove).toBe(false);
    const proposal = proposed.pendingPolicy?.proposal;
    const own = await a.refused('approvePolicy', { version: 2, proposal });
    expect(own.code).toBe('TEAM_CANNOT_APPROVE');

    // Not yet in force: 0.03 + 0.03 BTC pass.
    await prepare(a, '0.03');
    await prepare(a, '0.03');

    await waitFor(b, (status) => status.pendingPolicy?.policy.version === 2);
    await b.call('approvePolicy', { version: 2, proposal });
    await waitFor(a, (status) => status.policy?.version === 2);

    const posts = world.proxy.requests.filter((line) => line.startsWith('POST')).length;
    const refused = await a.refused('prepareWithdrawal', { currency: 'BTC', address: OTHER_BTC_ADDRESS, amount: '0.001', reason: 'Over the cap' });
    expect(refused).toMatchObject({ code: 'POLICY_CAP', field: 'amount' });
    expect(refused.message).toMatch(/0\.05 BTC/);
    expect(world.proxy.requests.filter((line) => line.startsWith('POST')).length).toBe(posts);
  });

  it('keeps a new address unusable until another desk approves it and its cool-down has passed', async () => {
    // A cool-down of 4 seconds keeps the test short; the rule is the same at 24 hours.
    await changePolicy(a, b, { ...basePolicy, addressBookOnly: true, coolDownHours: 4 / 3600 });
    const outside = await a.refused('prepareWithdrawal', { currency: 'BTC', address: OTHER_BTC_ADDRESS, amount: '0.001', reason: 'Refund' });
    expect(outside).toMatchObject({ code: 'POLICY_ADDRESS_BOOK', field: 'address' });

    const added = await a.call<TeamStatus>('proposeAddress', { label: 'Refunds', currency: 'BTC', network: 'BTC', address: OTHER_BTC_ADDRESS });
    const entry = added.addressBook.find((item) => item.address === OTHER_BTC_ADDRESS);
    expect(entry?.state).toBe('awaitingApproval');
    const unapproved = await a.refused('prepareWithdrawal', { currency: 'BTC', address: OTHER_BTC_ADDRESS, amount: '0.001', reason: 'Refund' });
    expect(unapproved.code).toBe('POLICY_ADDRESS_BOOK');
    expect(unapproved.message).toMatch(/approv/i);

    await waitFor(b, (status) => status.addressBook.some((item) => item.id === entry?.id));
    const approved = await b.call<TeamStatus>('approveAddress', { id: entry?.id });
    const approvedAt = Date.now();
    const cooling = approved.addressBook.find((item) => item.id === entry?.id);
    if (Date.parse(cooling?.usableFrom ?? '') > Date.now() + 500) {
      expect(cooling?.state).toBe('coolingDown');
      await waitFor(a, (status) => status.addressBook.some((item) => item.id === entry?.id && item.approvedBy === 'Controller'));
      const early = await a.refused('prepareWithdrawal', { currency: 'BTC', address: OTHER_BTC_ADDRESS, amount: '0.001', reason: 'Refund' });
      expect(early.code).toBe('POLICY_ADDRESS_BOOK');
      expect(early.message).toMatch(/usable from|cool/i);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(cooling?.usableFrom ?? '') - Date.now() + 200)));
    expect(Date.now()).toBeGreaterThan(approvedAt);
    const sent = await prepare(a, '0.001', 'Refund', OTHER_BTC_ADDRESS);
    expect(sent.state).toBe('CREATED');
  });

  it('imports the service\'s withdrawal white-list as proposals another desk must still approve', async () => {
    const imported = await a.call<TeamStatus>('importWhitelist');
    const cold = imported.addressBook.find((item) => item.label === 'Cold storage');
    expect(cold).toMatchObject({ currency: 'BTC', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', state: 'awaitingApproval', canApprove: false });
    expect(cold?.whyNot).toMatch(/another desk/);
    // Importing again adds nothing twice.
    const again = await a.call<TeamStatus>('importWhitelist');
    expect(again.addressBook.filter((item) => item.label === 'Cold storage')).toHaveLength(1);
  });
});
