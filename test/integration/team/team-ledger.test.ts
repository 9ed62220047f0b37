// Two team desks make the identical wallet-to-spot transfer at about the same moment, with the
// answers lost on the sandbox's side. The team store shares which transactions are whose and which
// moves are open, so a transaction goes to the desk the service proved it was, or to a person on
// both desks, and never to both desks' moves. The sandbox's own records are the ground truth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingMoveView, TransferResult } from '../../../preload/contract';
import { formTeam, openTeamWorld, type Desk, type TeamWorld } from './team-desks';

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

const transfer = (desk: Desk, amount: string) => desk.call<TransferResult>('transferFunds', { currency: 'USDT', amount, from: 'wallet', to: 'spot' });
const fault = (rule: Record<string, unknown>) => world.control('POST', '/sandbox/faults', { path: '/api/3/wallet/transfer', method: 'POST', count: 1, ...rule });

/** The desk's move of this amount once the reconciler has settled it (its signature window closed). */
async function settledMove(desk: Desk, amount: string): Promise<PendingMoveView> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const move = (await desk.call<PendingMoveView[]>('listPendingMoves')).find((m) => m.amount === amount && m.kind === 'transfer');
    if (move !== undefined && move.state !== 'sending' && move.state !== 'uncertain') return move;
    if (Date.now() > deadline) throw new Error(`${desk.name}: the ${amount} move never settled (${move?.state})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('one ledger of claims for the team', () => {
  it('settles each transaction to the desk that made it, or sends both desks to a person, never both to one', async () => {
    // Round 1: A's request never reaches the service, B's is created but its answer is lost.
    await fault({ status: 504 });
    const a1 = await transfer(a, '1.11');
    await fault({ status: 504, after: true });
    const b1 = await transfer(b, '1.11');
    expect([a1.state, b1.state]).toEqual(['uncertain', 'uncertain']);
    // Round 2: A's request never reaches the service; B's is answered, which proves the transaction B's.
    await fault({ status: 504 });
    const a2 = await transfer(a, '2.22');
    const b2 = await transfer(b, '2.22');
    expect([a2.state, b2.state]).toEqual(['uncertain', 'done']);
    await world.control('DELETE', '/sandbox/faults');

    const [moveA1, moveB1, moveA2] = await Promise.all([settledMove(a, '1.11'), settledMove(b, '1.11'), settledMove(a, '2.22')]);
    // One transaction of 1.11 exists (B's). Either desk could have made it: a person decides on both.
    expect(moveA1.state).toBe('ambiguous');
    expect(moveB1.state).toBe('ambiguous');
    // The 2.22 transaction is B's by the service's answer: A's move finds nothing of its own.
    expect(moveA2.state).toBe('absent');
    const moveB2 = (await b.call<PendingMoveView[]>('listPendingMoves')).find((m) => m.amount === '2.22');
    expect(moveB2?.state).toBe('done');
    // No transaction is held by a move on both desks.
    const held = (moves: PendingMoveView[]) => moves.filter((m) => m.state === 'found' || m.state === 'done').flatMap((m) => m.txIds);
    const heldByA = new Set(held(await a.call<PendingMoveView[]>('listPendingMoves')));
    expect(held(await b.call<PendingMoveView[]>('listPendingMoves')).filter((id) => heldByA.has(id))).toEqual([]);

    // A person on B says the 1.11 transaction is B's; a person on A can then not say it is A's.
    const candidate = moveB1.candidates[0]?.id ?? '';
    await b.call('linkPendingMove', { moveId: moveB1.id, txId: candidate });
    const second = await a.refused('linkPendingMove', { moveId: moveA1.id, txId: candidate });
    expect(second).toMatchObject({ code: 'NOT_ALLOWED', field: 'txId' });
    expect(second.message).toMatch(/another desk/);
  }, 60_000);
});
