// Several Coffer desks on one sandbox account and one real PostgreSQL server: each desk is a
// whole core (its own data dir, SQLite files and keychain namespace in the real keyring), all
// reaching the sandbox through one recording proxy so a test counts what the service was asked.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Events, TeamStatus, WithdrawalView } from '../../../preload/contract';
import { createCore, type Core } from '../../../main/core/app';
import { createKeytarStore } from '../../../main/keychain/keytar-store';
import type { RunningSandbox } from '../../../main/sandbox/index';
import { startSandbox } from '../../../main/sandbox/server';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { memorySecrets } from '../support/memory-secrets';
import { sandboxControl, type ControlCall } from '../support/sandbox-support';
import { startPostgres, type PostgresServer } from '../../support/postgres-server';

export const CONTROL_TOKEN = 'team-tests';
/** A valid BTC address that belongs to no sandbox account. */
export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const OTHER_BTC_ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';

export interface Desk {
  name: string;
  core: Core;
  events: { event: string; payload: unknown }[];
  /** Calls an operation; a failed Result throws an Error carrying its code and field. */
  call<T>(op: string, request?: unknown): Promise<T>;
  /** Calls an operation expecting a refusal; returns the error. */
  refused(op: string, request?: unknown): Promise<{ code: string; message: string; field?: string }>;
  status(): Promise<TeamStatus>;
  close(): Promise<void>;
}

export interface TeamWorld {
  sandbox: RunningSandbox;
  proxy: RecordingProxy;
  postgres: PostgresServer;
  database: string;
  url: string;
  control: ControlCall;
  openDesk(name: string): Promise<Desk>;
  /** Commits the service was asked for (PUT …/withdraw/{id}). */
  commits(txId?: string): string[];
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface TeamWorldOptions {
  /** The sandbox's request limits (the bench turns them off: twenty desks share one address). */
  limits?: boolean;
  /** 'keychain' (default): each desk its namespace in the real keyring; 'memory' for the bench. */
  secrets?: 'keychain' | 'memory';
}

export async function openTeamWorld(options: TeamWorldOptions = {}): Promise<TeamWorld> {
  const sandbox = await startSandbox({ lightSeed: true, controlToken: CONTROL_TOKEN, limits: { enabled: options.limits ?? true } });
  const proxy = await startRecordingProxy(sandbox.restUrl);
  const postgres = await startPostgres();
  const database = `team_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const url = await postgres.createDatabase(database);
  const desks: Desk[] = [];
  const world: TeamWorld = {
    sandbox, proxy, postgres, database, url,
    control: sandboxControl(sandbox.restUrl, CONTROL_TOKEN),
    async openDesk(name) {
      const desk = await openDesk(name, sandbox, proxy, options.secrets ?? 'keychain');
      desks.push(desk);
      return desk;
    },
    commits: (txId) => proxy.requests.filter((line) => line.startsWith('PUT /api/3/wallet/crypto/withdraw/') && (txId === undefined || line.endsWith(`/${txId}`))),
    sql: (text, params) => postgres.sql(database, text, params) as never,
    async close() {
      for (const desk of desks) await desk.close().catch(() => undefined);
      await proxy.close();
      await sandbox.close();
      await postgres.destroy();
    },
  };
  return world;
}

async function openDesk(name: string, sandbox: RunningSandbox, proxy: RecordingProxy, keys: 'keychain' | 'memory'): Promise<Desk> {
  const root = mkdtempSync(join(tmpdir(), `coffer-desk-${name}-`));
  // Each desk its own keychain namespace in the real keyring, as separate desktops would have.
  const secrets = keys === 'memory' ? memorySecrets() : createKeytarStore(`coffer-test-${name}-${randomUUID().slice(0, 8)}`);
  const core = await createCore({ dataDir: join(root, 'data'), transport: 'web', secrets });
  const events: Desk['events'] = [];
  core.events.subscribe((event, payload) => void events.push({ event, payload }));
  const call = async <T>(op: string, request?: unknown): Promise<T> => {
    const result = await core.dispatch(op, request);
    if (!result.ok) throw Object.assign(new Error(`${op}: ${result.error.code} ${result.error.message}`), result.error);
    return result.value as T;
  };
  const profile = await call<{ id: string }>('createProfile', {
    name: 'Team account', apiVersion: '3', restUrl: proxy.url, streamUrl: sandbox.wsUrl, authMethod: 'HS256',
    publicKey: sandbox.master.apiKey, secretKey: sandbox.master.secretKey,
  });
  await call('activateProfile', { id: profile.id });
  return {
    name, core, events, call,
    async refused(op, request) {
      const result = await core.dispatch(op, request);
      if (result.ok) throw new Error(`${op} was expected to be refused, but succeeded`);
      return result.error;
    },
    status: () => call<TeamStatus>('getTeamStatus'),
    async close() {
      await core.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A founder and members admitted by it, after comparing fingerprints as people would. */
export async function formTeam(world: TeamWorld, names: readonly string[]): Promise<Desk[]> {
  const [founderName, ...others] = names;
  const founder = await world.openDesk(founderName ?? 'A');
  await founder.call('connectTeam', { url: world.url, deskName: founderName, action: 'create', teamName: 'Treasury', referenceCurrency: 'USDT' });
  const desks = [founder];
  for (const name of others) {
    const desk = await world.openDesk(name);
    const asked = await desk.call<TeamStatus>('connectTeam', { url: world.url, deskName: name, action: 'join' });
    await waitFor(founder, (status) => status.joinRequests.some((request) => request.publicKey === asked.desk?.publicKey));
    await founder.call('admitDesk', { publicKey: asked.desk?.publicKey, fingerprint: asked.desk?.fingerprint });
    desks.push(desk);
  }
  for (const desk of desks) await waitFor(desk, (status) => status.state === 'member' && status.members.length === desks.length);
  return desks;
}

/** Polls a desk's team status until it matches (each desk learns of others' writes through LISTEN). */
export async function waitFor(desk: Desk, matches: (status: TeamStatus) => boolean, timeoutMs = 5_000): Promise<TeamStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await desk.status();
    if (matches(status)) return status;
    if (Date.now() > deadline) throw new Error(`desk ${desk.name}: team status did not match within ${timeoutMs} ms: ${JSON.stringify(status).slice(0, 600)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function prepare(desk: Desk, amount: string, reason = 'Supplier invoice 2026-118', address = BTC_ADDRESS): Promise<WithdrawalView> {
  return desk.call<WithdrawalView>('prepareWithdrawal', { currency: 'BTC', address, amount, reason });
}

export type TeamEventPayload<E extends keyof Events> = Events[E];
