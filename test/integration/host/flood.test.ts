// Back-pressure over real sockets: the web host, the core and the built-in sandbox, with a witness
// proxy counting what actually reached the sandbox. One page floods 2,000 calls; what reaches the
// service stays bounded, the excess is answered BUSY at once, a closed page's waiting reads are
// never sent, and a money move from another page goes ahead of the backlog.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core/app';
import { createCallGate, DEFAULT_MAX_READS, type CallGate } from '../../../main/core/call-gate';
import { startHost, type RunningHost } from '../../../main/host/server';
import { V3_REST_LIMITS } from '../../../main/exchange/rate-limits';
import { openFloodSocket, type FloodSocket } from './flood-client';
import { witnessedSandbox, type SandboxWitness } from './sandbox-witness';
import { memorySecrets } from '../support/memory-secrets';

const FLOOD = 2_000;
const BALANCE = '/api/3/wallet/balance';
const CHECK_MINE = '/api/3/wallet/crypto/address/check-mine';
const TRANSFER = '/api/3/wallet/transfer';
/** Requests the wallet window lets leave within one second (the service's rate + burst). */
const WALLET_WINDOW = (() => {
  const rule = V3_REST_LIMITS.find((r) => r.name === 'ip:wallet');
  return (rule?.rate ?? 0) + (rule?.burst ?? 0);
})();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let root: string;
let core: Core;
let gate: CallGate;
let host: RunningHost;
let witness: SandboxWitness;
const sockets: FloodSocket[] = [];

const open = async () => {
  const socket = await openFloodSocket(host.port, host.token);
  sockets.push(socket);
  return socket;
};

/** Fires FLOOD calls, then one marker: once the marker is answered, every call has been admitted or refused. */
async function flood(socket: FloodSocket, call: (i: number) => [string, unknown]): Promise<{ ids: number[]; busy: number }> {
  const ids = Array.from({ length: FLOOD }, (_, i) => socket.send(...call(i)));
  await socket.answer(socket.send('getAppInfo'));
  return { ids, busy: socket.countCode(ids, 'BUSY') };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'coffer-flood-'));
  const rendererDir = join(root, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Coffer</title>');
  core = await createCore({
    dataDir: join(root, 'data'),
    transport: 'web',
    secrets: memorySecrets(),
    launchSandbox: witnessedSandbox((ready) => (witness = ready)),
  });
  gate = createCallGate(core.dispatch);
  host = await startHost({ dispatch: core.dispatch, gate, events: core.events, rendererDir });
  const probe = await open();
  expect(await probe.answer(probe.send('getWalletOverview', { valuationCurrency: 'USDT' }))).toMatchObject({ ok: true });
}, 60_000);

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.drop()));
  witness.slow(CHECK_MINE, 0);
});

afterAll(async () => {
  // Replies the witness still holds back, so closing does not cut requests on the wire.
  await sleep(1_200);
  await host?.close();
  await core?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a page flooding the host', () => {
  it('gets 2,000 identical reads answered by a handful of shared runs, the excess BUSY at once; a fresh page is answered', async () => {
    const before = { stats: gate.stats(), balance: witness.count('GET', BALANCE) };
    const flooder = await open();
    const { ids, busy } = await flood(flooder, () => ['getWalletOverview', { valuationCurrency: 'USDT' }]);
    const results = await Promise.all(ids.map((id) => flooder.answer(id)));
    const answered = results.filter((result) => result.ok).length;
    expect(answered + busy).toBe(FLOOD);
    expect(busy).toBeGreaterThan(0);

    const stats = gate.stats();
    const runs = stats.runs - before.stats.runs;
    // Every call a run answers is in flight with it when it ends: at most the window's allowance.
    expect(answered).toBeLessThanOrEqual(runs * DEFAULT_MAX_READS);
    expect(answered).toBe(runs + stats.coalesced - before.stats.coalesced);
    // What the sandbox saw of the flood: one balance read per shared run, fewer than the calls it
    // answered and nowhere near 2,000 (a little slack for the app's own background reads).
    const balanceReads = witness.count('GET', BALANCE) - before.balance;
    expect(balanceReads).toBeLessThanOrEqual(runs + 2);
    expect(balanceReads).toBeLessThan(answered);
    expect(balanceReads).toBeLessThan(FLOOD / 20);
    await flooder.drop();

    const fresh = await open();
    expect(await fresh.answer(fresh.send('getWalletOverview', { valuationCurrency: 'USDT' }))).toMatchObject({ ok: true, value: { valuationCurrency: 'USDT' } });
  }, 60_000);

  it('never sends the reads a closed page left waiting', async () => {
    // A slow service: the first window's reads stay in flight, the rest wait in the limiter.
    witness.slow(CHECK_MINE, 1_000);
    const before = witness.count('GET', CHECK_MINE);
    const flooder = await open();
    const { busy } = await flood(flooder, (i) => ['checkOwnAddress', { address: `flood-address-${i}` }]);
    const admitted = FLOOD - busy;
    expect(admitted).toBeGreaterThanOrEqual(DEFAULT_MAX_READS);
    await flooder.drop();
    // Long enough for every admitted read to have left, had they not been dropped (20 a second).
    await sleep(3_500);
    const sent = witness.count('GET', CHECK_MINE) - before;
    // Only those already on their way when the page closed: one window's worth, not the backlog.
    expect(sent).toBeLessThanOrEqual(WALLET_WINDOW);
    expect(sent).toBeLessThan(admitted);
  }, 60_000);

  it('sends a money move from another page ahead of the backlog of reads', async () => {
    witness.slow(CHECK_MINE, 1_000);
    const start = witness.log.length;
    const flooder = await open();
    const { busy } = await flood(flooder, (i) => ['checkOwnAddress', { address: `backlog-address-${i}` }]);
    const admitted = FLOOD - busy;
    const mover = await open();
    const moved = await mover.answer(mover.send('transferFunds', { currency: 'USDT', amount: '1', from: 'wallet', to: 'spot' }));
    expect(moved).toMatchObject({ ok: true, value: { state: 'done' } });
    const seen = witness.log.slice(start);
    const moveAt = seen.indexOf(`POST ${TRANSFER}`);
    expect(moveAt).toBeGreaterThanOrEqual(0);
    const readsBefore = seen.slice(0, moveAt).filter((line) => line === `GET ${CHECK_MINE}`).length;
    // The move took the first free slot: only the reads already in flight went before it.
    expect(readsBefore).toBeLessThanOrEqual(WALLET_WINDOW);
    expect(readsBefore).toBeLessThan(admitted);
  }, 60_000);
});
