// npm run bench:flood — a page floods the web host with 2,000 calls; how long does a fresh page
// then wait for its first getWalletOverview? Real host, core and built-in sandbox (light seed, real
// rate limits) in this process, a witness counting the requests that reached the sandbox.
// Baseline: a fresh page with no flood. Without the gate (everything admitted, nothing shared or
// dropped, as before): a 200-call flood, since 2,000 would queue for minutes. Prints; asserts nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../main/core/app';
import { createCallGate, type CallGate, type CallGateStats } from '../../main/core/call-gate';
import { startHost, type RunningHost } from '../../main/host/server';
import type { SecretStore } from '../../main/keychain/secret-store';
import { openFloodSocket, type FloodSocket } from '../integration/host/flood-client';
import { witnessedSandbox, type SandboxWitness } from '../integration/host/sandbox-witness';

const FLOOD = 2_000;
const UNGATED_FLOOD = Number.parseInt(process.env.BENCH_UNGATED_FLOOD ?? '200', 10);
const RUNS = Number.parseInt(process.env.BENCH_RUNS ?? '3', 10);
const OVERVIEW = { valuationCurrency: 'USDT' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Rig {
  core: Core;
  witness: SandboxWitness;
  gated: { host: RunningHost; gate: CallGate };
  ungated: RunningHost;
}

async function startRig(root: string): Promise<Rig> {
  const rendererDir = join(root, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Coffer</title>');
  const secrets = new Map<string, string>();
  const store: SecretStore = {
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, secret) => void secrets.set(account, secret),
    delete: async (account) => secrets.delete(account),
  };
  let witness: SandboxWitness | undefined;
  const core = await createCore({
    dataDir: join(root, 'data'), transport: 'web', secrets: store, launchSandbox: witnessedSandbox((ready) => (witness = ready)),
  });
  if (witness === undefined) throw new Error('the sandbox did not start');
  const gate = createCallGate(core.dispatch);
  const host = await startHost({ dispatch: core.dispatch, gate, events: core.events, rendererDir });
  // As before the gate: every call admitted, run on its own, and run to its end.
  const passThrough = createCallGate(core.dispatch, { maxReads: Infinity, maxChanges: Infinity, isReadOnly: () => false });
  const ungated = await startHost({ dispatch: core.dispatch, gate: passThrough, events: core.events, rendererDir });
  return { core, witness, gated: { host, gate }, ungated };
}

/** A fresh page's first getWalletOverview: milliseconds from sending to the answer. */
async function freshPage(host: RunningHost): Promise<number> {
  const page = await openFloodSocket(host.port, host.token);
  const started = performance.now();
  const result = await page.answer(page.send('getWalletOverview', OVERVIEW));
  const elapsed = performance.now() - started;
  await page.drop();
  if (!result.ok) throw new Error(`the fresh page was refused: ${result.error.code} ${result.error.message}`);
  return elapsed;
}

/** Fires `count` calls at once, then a marker: when it is answered every call was admitted or refused. */
async function flood(host: RunningHost, count: number, call: (i: number) => [string, unknown]): Promise<{ socket: FloodSocket; busy: number }> {
  const socket = await openFloodSocket(host.port, host.token);
  const ids = Array.from({ length: count }, (_, i) => socket.send(...call(i)));
  await socket.answer(socket.send('getAppInfo'));
  return { socket, busy: socket.countCode(ids, 'BUSY') };
}

const identical = (): [string, unknown] => ['getWalletOverview', OVERVIEW];
const distinct = (i: number): [string, unknown] => ['checkOwnAddress', { address: `bench-address-${i}` }];

interface Figures {
  label: string;
  times: number[];
  busy: number[];
  coalesced: number[];
  /** Wallet-window requests (/api/3/wallet/...) that reached the sandbox from the flood's start to the fresh answer. */
  walletRequests: number[];
}

const walletRequestsSince = (witness: SandboxWitness, from: number) =>
  witness.log.slice(from).filter((line) => line.includes(' /api/3/wallet/')).length;

async function scenario(
  rig: Rig,
  label: string,
  run: () => Promise<{ time: number; busy: number; before: CallGateStats; from: number }>,
): Promise<Figures> {
  const figures: Figures = { label, times: [], busy: [], coalesced: [], walletRequests: [] };
  for (let i = 0; i < RUNS; i++) {
    const { time, busy, before, from } = await run();
    figures.times.push(time);
    figures.busy.push(busy);
    figures.coalesced.push(rig.gated.gate.stats().coalesced - before.coalesced);
    figures.walletRequests.push(walletRequestsSince(rig.witness, from));
    // Let the wallet window empty before the next run.
    await sleep(1_500);
  }
  return figures;
}

function gatedFlood(rig: Rig, call: (i: number) => [string, unknown], closeFirst: boolean) {
  return async () => {
    const before = rig.gated.gate.stats();
    const from = rig.witness.log.length;
    const { socket, busy } = await flood(rig.gated.host, FLOOD, call);
    if (closeFirst) await socket.drop();
    const time = await freshPage(rig.gated.host);
    await socket.drop();
    return { time, busy, before, from };
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function print(figures: Figures): void {
  const ms = median(figures.times);
  console.log(
    `${figures.label.padEnd(58)} ${ms.toFixed(0).padStart(6)} ms  (min ${Math.min(...figures.times).toFixed(0)}, max ${Math.max(...figures.times).toFixed(0)})` +
      `  BUSY ${median(figures.busy)}  coalesced ${median(figures.coalesced)}  wallet requests at the sandbox ${median(figures.walletRequests)}`,
  );
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'coffer-bench-flood-'));
  const rig = await startRig(root);
  try {
    await freshPage(rig.gated.host); // warm: streams up, currencies cached
    await sleep(1_500);
    const noFlood = async () => {
      const before = rig.gated.gate.stats();
      const from = rig.witness.log.length;
      return { time: await freshPage(rig.gated.host), busy: 0, before, from };
    };
    const results = [
      await scenario(rig, 'baseline: fresh page, no flood', noFlood),
      await scenario(rig, `gate: after ${FLOOD} identical getWalletOverview, flooder open`, gatedFlood(rig, identical, false)),
      await scenario(rig, `gate: after ${FLOOD} identical getWalletOverview, flooder closed`, gatedFlood(rig, identical, true)),
      await scenario(rig, `gate: after ${FLOOD} distinct checkOwnAddress, flooder open`, gatedFlood(rig, distinct, false)),
      await scenario(rig, `gate: after ${FLOOD} distinct checkOwnAddress, flooder closed`, gatedFlood(rig, distinct, true)),
    ];
    // Last: without the gate the closed page's calls run on and would spoil whatever came next.
    const from = rig.witness.log.length;
    const { socket } = await flood(rig.ungated, UNGATED_FLOOD, identical);
    await socket.drop();
    const ungatedTime = await freshPage(rig.ungated);
    results.push({
      label: `no gate: after ${UNGATED_FLOOD} identical getWalletOverview, flooder closed`,
      times: [ungatedTime], busy: [0], coalesced: [0], walletRequests: [walletRequestsSince(rig.witness, from)],
    });
    console.log(`Fresh page's first getWalletOverview after a flood from another page (median of ${RUNS}; the last line is one run)`);
    for (const figures of results) print(figures);
  } finally {
    await rig.gated.host.close();
    await rig.ungated.close();
    await rig.core.close();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
