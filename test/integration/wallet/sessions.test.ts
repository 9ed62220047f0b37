// The active profile becomes a session: its client is built from the profile, signs with
// the secret read from the secret store at signing time, and is rebuilt (and with it the scope)
// when the profile changes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../../preload/contract';
import { createProfileSessions } from '../../../main/core/session/profile-sessions';
import { createScopes } from '../../../main/core/session/scopes';
import { openDatabase } from '../../../main/db/database';
import { openAuditLog } from '../../../main/core/audit/audit-log';
import { createPendingStore } from '../../../main/core/pending/store';
import { openWithdrawalStore } from '../../../main/core/withdrawals/store';
import type { SecretStore } from '../../../main/keychain/secret-store';
import type { RunningSandbox } from '../../../main/sandbox/index';
import { startSandbox } from '../../../main/sandbox/server';
import { openProfileCore } from '../support/profile-core';
import { memorySecrets } from '../support/memory-secrets';

let sandbox: RunningSandbox;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ lightSeed: true });
  dataDir = mkdtempSync(join(tmpdir(), 'coffer-sessions-'));
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function sandboxProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'p-sandbox', name: 'Sandbox', apiVersion: '3', restUrl: sandbox.restUrl, streamUrl: sandbox.wsUrl,
    authMethod: 'HS256', publicKey: sandbox.master.apiKey, hasSecret: true, builtIn: true, rights: null, sharedAccount: false,
    createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...overrides,
  };
}

describe('profile sessions', () => {
  it('never signs for a stored profile whose endpoint is unsafe (saved before the endpoint rules existed)', async () => {
    const secrets = memorySecrets({ 'profile:p-sandbox': 'old-secret' });
    const stored = sandboxProfile({ builtIn: false, restUrl: 'http://treasury.example.com', streamUrl: 'ws://treasury.example.com' });
    const sessions = createProfileSessions({ profiles: { find: () => stored, activeProfileId: () => 'p-sandbox' }, secrets });
    await expect(sessions.session()).rejects.toMatchObject({ code: 'VALIDATION', field: 'restUrl' });
    expect(() => sessions.clientFor(stored)).toThrow(/http/);
    expect(secrets.reads).toBe(0);
  });

  it('refuses with a clear code when no profile is active or it has no secret', async () => {
    const none = createProfileSessions({ profiles: { find: () => undefined, activeProfileId: () => null }, secrets: memorySecrets({}) });
    await expect(none.session()).rejects.toMatchObject({ code: 'NO_PROFILE' });
    const noSecret = createProfileSessions({
      profiles: { find: (id: string) => [sandboxProfile({ hasSecret: false })].find((p) => p.id === id), activeProfileId: () => 'p-sandbox' },
      secrets: memorySecrets({}),
    });
    await expect(noSecret.session()).rejects.toMatchObject({ code: 'NO_SECRET' });
  });

  it('signs the built-in profile with the running sandbox\'s key when no keychain is reachable', async () => {
    const unreachable: SecretStore = {
      get: () => Promise.reject(new Error('keychain must not be asked')),
      set: () => Promise.reject(new Error('keychain must not be asked')),
      delete: () => Promise.reject(new Error('keychain must not be asked')),
    };
    const builtIn = sandboxProfile({ hasSecret: false });
    const sessions = createProfileSessions({
      profiles: { find: (id: string) => [builtIn].find((p) => p.id === id), activeProfileId: () => builtIn.id },
      secrets: unreachable,
      builtInSecret: () => sandbox.master.secretKey,
    });
    try {
      const { api } = await sessions.session();
      expect((await api.walletBalances()).length).toBeGreaterThan(0);
    } finally {
      sessions.close();
    }
    // A user's own profile never borrows that key.
    const own = sandboxProfile({ id: 'p-own', builtIn: false, hasSecret: false });
    const ownSessions = createProfileSessions({
      profiles: { find: (id: string) => [own].find((p) => p.id === id), activeProfileId: () => own.id },
      secrets: unreachable,
      builtInSecret: () => sandbox.master.secretKey,
    });
    await expect(ownSessions.session()).rejects.toMatchObject({ code: 'NO_SECRET' });
  });

  it('drives the wallet handlers with the active profile, reading the secret only to sign', async () => {
    let profile = sandboxProfile();
    const secrets = memorySecrets({ 'profile:p-sandbox': sandbox.master.secretKey });
    const sessions = createProfileSessions({ profiles: { find: (id: string) => [profile].find((p) => p.id === id), activeProfileId: () => profile.id }, secrets });
    const db = openDatabase(dataDir);
    const audit = openAuditLog(dataDir);
    const store = openWithdrawalStore(dataDir);
    const core = openProfileCore({ audit, store, pending: createPendingStore(db), osUser: 'tester', events: { emit: () => undefined }, session: () => sessions.session() });
    try {
      const first = await sessions.session();
      expect(first.profile).toEqual({ id: 'p-sandbox', name: 'Sandbox', sharedAccount: false, authMethod: 'HS256' });
      expect(secrets.reads).toBe(0);
      const overview = await core.handlers.getWalletOverview({ valuationCurrency: 'USDT' });
      expect(overview.ok).toBe(true);
      expect(secrets.reads).toBeGreaterThan(0);
      expect((await sessions.session()).api).toBe(first.api);
      profile = { ...profile, name: 'Sandbox renamed', updatedAt: '2026-01-02T00:00:00.000Z' };
      const second = await sessions.session();
      expect(second.api).not.toBe(first.api);
      expect(second.profile.name).toBe('Sandbox renamed');
      expect((await core.handlers.listApprovals()).ok).toBe(true);
      // The shared-account setting alone, even within the same updatedAt, gives a new client and so a new scope.
      const scopes = createScopes({ audit, store, pending: createPendingStore(db), osUser: 'tester', events: { emit: () => undefined }, session: () => sessions.session() });
      const singleDeskScope = await scopes.current();
      profile = { ...profile, sharedAccount: true };
      const shared = await sessions.session();
      expect(shared.profile).toEqual({ id: 'p-sandbox', name: 'Sandbox renamed', sharedAccount: true, authMethod: 'HS256' });
      expect(shared.api).not.toBe(second.api);
      const sharedScope = await scopes.current();
      expect(sharedScope).not.toBe(singleDeskScope);
      expect(sharedScope.profile).toMatchObject({ sharedAccount: true });
      scopes.close();
    } finally {
      core.close();
      sessions.close();
      store.close();
      audit.close();
      db.close();
    }
  });
});
