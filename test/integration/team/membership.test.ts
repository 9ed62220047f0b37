// Who is in the team: a desk is admitted only on its matching fingerprint, a desk that only asked
// cannot prepare, two other members remove a member (whose later approvals then count for nothing),
// and leaving is recorded; the team audit shows each step as a verified entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamAuditEntryView, TeamStatus, WithdrawalView } from '../../../preload/contract';
import { formTeam, openTeamWorld, prepare, waitFor, type Desk, type TeamWorld } from './team-desks';

let world: TeamWorld;
let a: Desk;
let b: Desk;
let c: Desk;

beforeAll(async () => {
  world = await openTeamWorld();
  [a, b, c] = (await formTeam(world, ['Payments', 'Controller', 'Treasurer'])) as [Desk, Desk, Desk];
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('team membership', () => {
  it('admits a desk only on its own fingerprint, and a desk that only asked cannot prepare', async () => {
    const d = await world.openDesk('Intern');
    const asked = await d.call<TeamStatus>('connectTeam', { url: world.url, deskName: 'Intern', action: 'join' });
    expect(asked.state).toBe('requested');
    await waitFor(a, (status) => status.joinRequests.some((request) => request.name === 'Intern'));
    const wrong = await a.refused('admitDesk', { publicKey: asked.desk?.publicKey, fingerprint: (asked.desk?.fingerprint ?? '').replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A')) });
    expect(wrong).toMatchObject({ code: 'FINGERPRINT_MISMATCH', field: 'fingerprint' });
    const refused = await d.refused('prepareWithdrawal', { currency: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.01', reason: 'Test' });
    expect(refused.code).toBe('NOT_MEMBER');
  });

  it('removes a member on two other members\' votes, after which its approval is refused', async () => {
    const target = (await c.status()).desk?.publicKey;
    await a.call('voteRemoveMember', { publicKey: target, reason: 'Desk decommissioned' });
    const afterOne = await waitFor(c, (status) => status.members.some((m) => m.publicKey === target && m.removalVotes.length === 1));
    expect(afterOne.state).toBe('member');
    await waitFor(b, (status) => status.members.some((m) => m.publicKey === target && m.removalVotes.length === 1));
    await b.call('voteRemoveMember', { publicKey: target, reason: 'Desk decommissioned' });
    await waitFor(c, (status) => status.state === 'removed');

    const prepared = await prepare(a, '0.01');
    await waitFor(c, () => true);
    const error = await c.refused('commitWithdrawal', { id: prepared.id });
    expect(error.code).toMatch(/TEAM_CANNOT_APPROVE|NOT_MEMBER/);
    expect(world.commits(prepared.id ?? '')).toHaveLength(0);
    const committed = await b.call<WithdrawalView>('commitWithdrawal', { id: prepared.id });
    expect(committed.team?.committedBy?.name).toBe('Controller');
  });

  it('records leaving the team, and the audit lists every step as a counted, signed entry', async () => {
    await b.call('leaveTeam', { reason: 'Moving to the EU desk' });
    expect((await b.status()).state).toBe('solo');
    const status = await waitFor(a, (s) => !s.members.some((m) => m.name === 'Controller'));
    expect(status.members.map((m) => m.name)).toEqual(['Payments']);
    const audit = await a.call<TeamAuditEntryView[]>('getTeamAudit', {});
    const kinds = audit.map((entry) => entry.kind);
    expect(kinds[0]).toBe('member.left');
    expect(audit[0]).toMatchObject({ desk: 'Controller', verdict: 'counted', summary: 'Left the team: Moving to the EU desk' });
    expect(kinds).toContain('member.removalVoted');
    expect(kinds.at(-1)).toBe('team.created');
    expect(audit.every((entry) => entry.verdict !== 'tampered')).toBe(true);
  });
});
