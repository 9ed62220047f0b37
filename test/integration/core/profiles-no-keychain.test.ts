// With no OS keychain reachable, creating a profile fails with a message naming the cause and
// nothing is saved anywhere: there is no fallback storage. (A separate file: libsecret keeps its
// first D-Bus connection for the life of the process.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
