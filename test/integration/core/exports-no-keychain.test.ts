// With no OS keychain reachable, the export and settings operations that need the signing key say
// why in words, with the keychain's own code shown once, instead of a generic internal error.
// (A separate file: libsecret keeps its first D-Bus connection for the life of the process.)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SandboxLauncher } from '../../../main/core/builtin-sandbox';
import { historyStoreFile } from '../../../main/core/history/store-file';
import { startSandbox } from '../../../main/sandbox/index';
import type { AppInfo, Result } from '../../../preload/contract';
import { appErrorText } from '../../../preload/contract/result';
import { createCoreFixture, type CoreFixture } from './core-fixture';

let fixture: CoreFixture;

beforeAll(async () => {
  process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/coffer-no-bus';
  // The built-in sandbox signs with its key in memory, so a profile is active without a keychain.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const launchLight: SandboxLauncher = (options) => startSandbox({ ...options, lightSeed: true });
  fixture = await createCoreFixture({ launchSandbox: launchLight });
});
afterAll(async () => {
  await fixture?.dispose();
  vi.restoreAllMocks();
});

const NO_BUS = /^The OS keychain is unreachable: there is no D-Bus session bus/;

function expectNoBusWords(result: Result<unknown>): void {
  expect(result).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_NO_SESSION_BUS', message: expect.stringMatching(NO_BUS) } });
  if (result.ok) return;
  const shown = appErrorText(result.error);
  expect(shown).not.toMatch(/INTERNAL|see the log/);
  expect(shown.match(/KEYCHAIN_NO_SESSION_BUS/g)).toHaveLength(1);
  expect(shown.endsWith('(KEYCHAIN_NO_SESSION_BUS)')).toBe(true);
}

describe('without a keychain', () => {
  it('Settings\' signing key names the missing session bus', async () => {
    expectNoBusWords(await fixture.core.dispatch('exportSigningKey', undefined));
  });

  it('an export of the active profile\'s history names the missing session bus', async () => {
    const info = await fixture.core.dispatch('getAppInfo', undefined);
    const profileId = info.ok ? (info.value as AppInfo).activeProfileId : null;
    expect(profileId).not.toBeNull();
    // The export asks for its signing key before it reads a row: a store file is all it needs to get there.
    const store = historyStoreFile(fixture.dataDir, profileId ?? '');
    if (!existsSync(store)) {
      mkdirSync(dirname(store), { recursive: true });
      writeFileSync(store, '');
    }
    expectNoBusWords(await fixture.core.dispatch('exportHistory', { filter: {}, format: 'csv' }));
  });
});
