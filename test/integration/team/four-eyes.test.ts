// Three desks, one sandbox account, one real PostgreSQL: four eyes on every withdrawal, the
// policy's tiers, exactly one commit when two desks approve at once, a row changed with plain
// SQL, and a store that stops in the middle of an approval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamStatus, WithdrawalView } from '../../../preload/contract';
import { checkTeamApprovals } from '../../../main/core/exports/team-approvals-check';
import { teamApprovalsLines } from '../../../main/core/exports/team-proofs';
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

const commit = (desk: Desk, id: string | null) => desk.call<WithdrawalView>('commitWithdrawal', { id });

/** Waits until the desk's copy of the team knows the withdrawal (it arrives through LISTEN/NOTIFY). */
async function seenBy(desk: Desk, txId: string | null): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const queue = await desk.call<WithdrawalView[]>('listApprovals');
    if (queue.some((row) => row.id === txId && row.team !== null && row.team !== undefined)) return;
    if (Date.now() > deadline) throw new Error(`${desk.name} never saw ${txId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('four eyes on three desks', () => {
  it('refuses the preparing desk\'s own approval, and commits once another desk approves', async () => {
    const prepared = await prepare(a, '0.01');
    expect(prepared.team?.preparedBy.name).toBe('Payments');
    expect(prepared.team?.reason).toBe('Supplier invoice 2026-118');
    expect(prepared.team?.approvalsNeeded).toBe(1);
    expect(prepared.team?.canApprove).toBe(false);
    expect(prepared.team?.whyNot).toMatch(/prepared/i);

    const own = await a.refused('commitWithdrawal', { id: prepared.id });
    expect(own.code).toBe('TEAM_CANNOT_APPROVE');
    expect(world.commits(prepared.id ?? '')).toHaveLength(0);

    await seenBy(b, prepared.id);
    // The desks that may approve are told; the preparing desk is not.
    const wanted = (desk: Desk) => desk.events.filter((e) => e.event === 'teamApprovalWanted' && (e.payload as { txId: string }).txId === prepared.id);
    expect(wanted(b)[0]?.payload).toMatchObject({ preparedBy: 'Payments', currency: 'BTC', amount: '0.01' });
    expect(wanted(a)).toHaveLength(0);
    const row = (await b.call<WithdrawalView[]>('listApprovals')).find((w) => w.id === prepared.id);
    expect(row?.team?.preparedBy.name).toBe('Payments');
    expect(row?.team?.canApprove).toBe(true);
    const committed = await commit(b, prepared.id);
    expect(world.commits(prepared.id ?? '')).toHaveLength(1);
    expect(['PENDING', 'SUCCESS']).toContain(committed.state);
    expect(committed.team?.committedBy?.name).toBe('Controller');
    expect(committed.team?.approvals.map((approval) => approval.name)).toEqual(['Controller']);
  });

  it('asks for a reason before anything is sent', async () => {
    const before = world.proxy.requests.length;
    const error = await a.refused('prepareWithdrawal', { currency: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.01' });
    expect(error).toMatchObject({ code: 'REASON_REQUIRED', field: 'reason' });
    expect(world.proxy.requests.slice(before).filter((line) => line.startsWith('POST'))).toHaveLength(0);
  });

  it('needs two other desks above the first tier, and commits only after the second', async () => {
    const prepared = await prepare(a, '0.3'); // about 18,000 USDT: above 10,000
    expect(prepared.team?.approvalsNeeded).toBe(2);
    await seenBy(b, prepared.id);
    const first = await commit(b, prepared.id);
    expect(first.state).toBe('CREATED');
    expect(first.team?.approvals.map((approval) => approval.name)).toEqual(['Controller']);
    expect(first.team?.stillNeeds).toMatch(/1 more/);
    expect(world.commits(prepared.id ?? '')).toHaveLength(0);

    await seenBy(c, prepared.id);
    const second = await commit(c, prepared.id);
    expect(world.commits(prepared.id ?? '')).toHaveLength(1);
    expect(second.team?.committedBy?.name).toBe('Treasurer');
    expect(second.team?.approvals.map((approval) => approval.name).sort()).toEqual(['Controller', 'Treasurer']);

    // What an export of desk A carries for it, as an offline review checks it.
    await waitFor(a, () => a.core.team.facts?.withdrawal(prepared.id ?? '')?.commitSent !== null);
    const proofs = a.core.team.proofs()?.proofsFor([prepared.id ?? '']) ?? [];
    const report = checkTeamApprovals([...teamApprovalsLines(proofs)].join('\n'));
    expect(report.withdrawals).toHaveLength(1);
    expect(report.withdrawals[0]).toMatchObject({ verified: true, reason: 'Supplier invoice 2026-118', policyVersion: 1, approvalsNeeded: 2, commitOutcome: 'accepted' });
    expect(report.withdrawals[0]?.preparedBy?.name).toBe('Payments');
    expect(report.withdrawals[0]?.approvedBy.map((desk) => desk.name).sort()).toEqual(['Controller', 'Treasurer']);
  });

  it('sends exactly one commit when two desks approve at the same instant', async () => {
    const prepared = await prepare(a, '0.011');
    await seenBy(b, prepared.id);
    await seenBy(c, prepared.id);
    const [fromB, fromC] = await Promise.all([commit(b, prepared.id), commit(c, prepared.id)]);
    expect(world.commits(prepared.id ?? '')).toHaveLength(1);
    const committer = fromB.team?.committedBy?.name;
    expect(['Controller', 'Treasurer']).toContain(committer);
    expect(fromC.team?.committedBy?.name).toBe(committer);
  });

  it('counts no row changed with plain SQL, and reports it tampered', async () => {
    const prepared = await prepare(a, '0.31');
    await seenBy(b, prepared.id);
    await commit(b, prepared.id); // 1 of 2
    // Someone with database access changes the amount B approved.
    const changed = await world.sql<{ seq: string }>(
      `UPDATE team_entries SET body = replace(body, '"amount":"0.31"', '"amount":"0.3"') WHERE kind = 'withdrawal.approved' AND body LIKE $1 RETURNING seq`,
      [`%"txId":"${prepared.id}"%`],
    );
    expect(changed).toHaveLength(1);
    await seenBy(c, prepared.id);
    const afterC = await commit(c, prepared.id);
    // B's approval no longer counts: C's is the only one, and nothing was committed.
    expect(afterC.team?.approvals.map((approval) => approval.name)).toEqual(['Treasurer']);
    expect(world.commits(prepared.id ?? '')).toHaveLength(0);
    const status = await c.status();
    expect(status.tampered.map((entry) => entry.seq)).toContain(Number(changed[0]?.seq));
  });

  it('sends nothing while the store is down, says why, and completes the approval once after it is back', async () => {
    const prepared = await prepare(a, '0.012');
    await seenBy(b, prepared.id);
    await world.postgres.stopServer();
    try {
      const error = await b.refused('commitWithdrawal', { id: prepared.id });
      expect(error.code).toBe('TEAM_UNREACHABLE');
      expect(error.message).toMatch(/cannot be reached|did not answer/);
      expect(world.commits(prepared.id ?? '')).toHaveLength(0);
      const status = await b.status();
      expect(status.unreachable).not.toBeNull();
      // Nothing is prepared either, and nothing reaches the service.
      const posts = world.proxy.requests.filter((line) => line.startsWith('POST /api/3/wallet/crypto/withdraw')).length;
      const prepareDown = await a.refused('prepareWithdrawal', { currency: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.01', reason: 'Payroll' });
      expect(prepareDown.code).toBe('TEAM_UNREACHABLE');
      expect(world.proxy.requests.filter((line) => line.startsWith('POST /api/3/wallet/crypto/withdraw')).length).toBe(posts);
      // Balances still read while the store is down.
      await b.call('getWalletOverview', { valuationCurrency: 'USDT' });
    } finally {
      await world.postgres.startServer();
    }
    await waitFor(b, (status: TeamStatus) => status.unreachable === null, 10_000).catch(() => b.call('retryTeam'));
    await commit(b, prepared.id);
    expect(world.commits(prepared.id ?? '')).toHaveLength(1);
  });
});
