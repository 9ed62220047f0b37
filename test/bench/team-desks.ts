// Twenty desks on one sandbox account and one PostgreSQL: each prepares 50 withdrawals, and the
// next desk approves each one. Prints how soon an approval is visible on every other desk (p50,
// p99), the time per withdrawal against a solo desk doing the same in the same run, and checks
// that the commits the service was asked for equal the withdrawals approved, none twice.
// Usage: npm run bench:team   (DESKS=20 PER_DESK=50 by default)
import type { WithdrawalView } from '../../preload/contract';
import { formTeam, openTeamWorld, prepare, type Desk, type TeamWorld } from '../integration/team/team-desks';

const DESKS = Number(process.env.DESKS ?? 20);
const PER_DESK = Number(process.env.PER_DESK ?? 50);
const AMOUNT = '0.001';

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Resolves on `desk` with the wall time (ms) at which its copy of the team first held `approver`'s approval of txId. */
function seenAt(desk: Desk, txId: string, approver: string): Promise<number> {
  const holds = () => desk.core.team.facts?.withdrawal(txId)?.approvals.some((approval) => approval.by === approver) === true;
  if (holds()) return Promise.resolve(Date.now());
  return new Promise((resolve) => {
    const stop = desk.core.events.subscribe((event) => {
      if (event !== 'teamChanged' || !holds()) return;
      stop();
      resolve(Date.now());
    });
  });
}

async function soloBaseline(world: TeamWorld): Promise<number> {
  const solo = await world.openDesk('solo');
  const started = performance.now();
  for (let i = 0; i < PER_DESK; i += 1) {
    const prepared = await solo.call<WithdrawalView>('prepareWithdrawal', { currency: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: AMOUNT });
    await solo.call('commitWithdrawal', { id: prepared.id });
  }
  const perWithdrawal = (performance.now() - started) / PER_DESK;
  await solo.close();
  return perWithdrawal;
}

async function deskRun(desks: readonly Desk[], index: number, latencies: number[], approved: Set<string>, failures: string[]): Promise<void> {
  const preparer = desks[index] as Desk;
  const approver = desks[(index + 1) % desks.length] as Desk;
  const approverKey = (await approver.status()).desk?.publicKey ?? '';
  for (let i = 0; i < PER_DESK; i += 1) {
    const prepared = await prepare(preparer, AMOUNT, `Bench payout ${index}-${i}`);
    const txId = prepared.id ?? '';
    // The approver learns of it through LISTEN/NOTIFY; its queue lists it once it has.
    while (approver.core.team.facts?.withdrawal(txId) === null) await new Promise((resolve) => setTimeout(resolve, 10));
    const others = desks.filter((desk) => desk !== approver);
    // Listening before the approval is written: each desk's moment of seeing it, against the entry's own time.
    const seen = others.map((desk) => seenAt(desk, txId, approverKey));
    const committed = await approver.call<WithdrawalView>('commitWithdrawal', { id: txId });
    if (committed.team?.committedBy?.name === approver.name) approved.add(txId);
    else failures.push(`${txId}: ${committed.state} ${JSON.stringify(committed.team)}`);
    const writtenAt = Date.parse(approver.core.team.facts?.withdrawal(txId)?.approvals.find((approval) => approval.by === approverKey)?.at ?? '');
    latencies.push(...(await Promise.all(seen)).map((at) => at - writtenAt));
  }
}

async function main(): Promise<void> {
  const world = await openTeamWorld({ limits: false, secrets: 'memory' });
  try {
    const soloMs = await soloBaseline(world);
    const names = Array.from({ length: DESKS }, (_, i) => `Desk ${String(i + 1).padStart(2, '0')}`);
    const formed = performance.now();
    const desks = await formTeam(world, names);
    const formMs = performance.now() - formed;
    const commitsBefore = world.commits().length;
    const latencies: number[] = [];
    const approved = new Set<string>();
    const failures: string[] = [];
    const started = performance.now();
    await Promise.all(desks.map((_, index) => deskRun(desks, index, latencies, approved, failures)));
    const elapsed = performance.now() - started;
    const commits = world.commits().slice(commitsBefore);
    const perTx = new Map<string, number>();
    for (const line of commits) perTx.set(line, (perTx.get(line) ?? 0) + 1);
    const doubles = [...perTx.values()].filter((count) => count > 1).length;
    latencies.sort((x, y) => x - y);
    const total = DESKS * PER_DESK;
    const teamPer = elapsed / total;
    console.log(`team desks: ${DESKS} desks x ${PER_DESK} withdrawals = ${total}; team formed in ${(formMs / 1000).toFixed(1)} s`);
    console.log(`  approval visible on the other desks: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (${latencies.length} samples)`);
    console.log(`  wall time ${(elapsed / 1000).toFixed(1)} s: ${teamPer.toFixed(1)} ms per withdrawal with ${DESKS} desks at once`);
    console.log(`  solo baseline (one desk, prepare + commit in turn): ${soloMs.toFixed(1)} ms per withdrawal; ratio team/solo ${(teamPer / soloMs).toFixed(2)}`);
    console.log(`  commits sent ${commits.length}, withdrawals approved ${approved.size}, double commits ${doubles}`);
    if (commits.length !== approved.size || doubles !== 0 || approved.size !== total) {
      console.error(`FAILED: every approved withdrawal must be committed exactly once\n${failures.slice(0, 5).join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    await world.close();
  }
}

void main();
