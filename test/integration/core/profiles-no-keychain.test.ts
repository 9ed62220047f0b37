// With no OS keychain reachable, creating a profile fails with a message naming the cause and
// nothing is saved anywhere: there is no fallback storage. (A separate file: libsecret keeps its
// first D-Bus connection for the life of the process.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { SandboxLauncher } from '../../../main/core/builtin-sandbox';
import { startSandbox } from '../../../main/sandbox/index';
import { createCoreFixture, validInput, type CoreFixture } from './core-fixture';

let fixture: CoreFixture;

beforeAll(async () => {
  process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/coffer-no-bus';
  fixture = await createCoreFixture();
});
afterAll(() => fixture?.dispose());

it('refuses to create a profile, names the cause, and stores the secret nowhere', async () => {
  const result = await fixture.core.dispatch('createProfile', validInput());
  expect(result).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_NO_SESSION_BUS' } });
  if (!result.ok) {
    expect(result.error.message).toMatch(/keychain is unreachable: there is no D-Bus session bus/);
    expect(result.error.message).not.toContain('very-secret');
  }
  expect(await fixture.core.dispatch('listProfiles', undefined)).toEqual({ ok: true, value: [] });
  for (const file of readdirSync(fixture.dataDir)) {
    expect(readFileSync(join(fixture.dataDir, file)).includes('very-secret-key-value')).toBe(false);
  }
});

it('still starts the built-in sandbox, says why its secret is not stored, and stores it nowhere', async () => {
  const warnings: string[] = [];
  const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.join(' ')));
  const launchLight: SandboxLauncher = (options) => startSandbox({ ...options, lightSeed: true });
  const withSandbox = await createCoreFixture({ launchSandbox: launchLight });
  try {
    const listed = await withSandbox.core.dispatch('listProfiles', undefined);
    expect(listed).toMatchObject({ ok: true, value: [{ name: 'Sandbox', builtIn: true, hasSecret: false }] });
    expect(warnings.join('\n')).toMatch(/no D-Bus session bus/);
    const secret = withSandbox.core.sandbox?.master.secretKey ?? 'missing';
    for (const file of readdirSync(withSandbox.dataDir).filter((name) => name.startsWith('coffer.db'))) {
      expect(readFileSync(join(withSandbox.dataDir, file)).includes(secret)).toBe(false);
    }
  } finally {
    warn.mockRestore();
    await withSandbox.dispose();
  }
});
