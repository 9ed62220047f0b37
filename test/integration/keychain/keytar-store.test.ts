// The keytar SecretStore against a real gnome-keyring, and each failure cause reproduced for real
// in a child process: no session bus, a bus without a secret service, and a locked keyring.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYCHAIN_ERROR_CODES } from '../../../main/keychain/keychain-error';
import { createKeytarStore } from '../../../main/keychain/keytar-store';
import { startPrivateBus, type PrivateBus } from './private-keyring';

const PROBE = resolve(__dirname, 'probe.ts');

interface ProbeOutcome {
  ok: boolean;
  code?: string;
  message?: string;
  read?: string | null;
  deleted?: boolean;
  afterDelete?: string | null;
}

function runProbe(env: NodeJS.ProcessEnv): Promise<ProbeOutcome> {
  return new Promise((done, fail) => {
    execFile(process.execPath, ['--import', 'tsx', PROBE], { env, timeout: 20_000 }, (error, stdout, stderr) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      if (!line.startsWith('{')) return fail(new Error(`probe printed nothing useful: ${error?.message ?? ''} ${stderr}`));
      done(JSON.parse(line));
    });
  });
}

function envWithout(...names: string[]): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of names) delete env[name];
  return env;
}

describe('keytar SecretStore on a real unlocked gnome-keyring', () => {
  let bus: PrivateBus;
  beforeAll(async () => {
    bus = await startPrivateBus();
    Object.assign(process.env, bus.env);
  });
  afterAll(() => bus?.stop());

  it('stores, reads back and deletes a secret under service "coffer"', async () => {
    const store = createKeytarStore();
    await store.set('profile:test-1', 's3cr3t-value');
    expect(await store.get('profile:test-1')).toBe('s3cr3t-value');
    expect(await store.delete('profile:test-1')).toBe(true);
    expect(await store.get('profile:test-1')).toBeNull();
    expect(await store.delete('profile:test-1')).toBe(false);
  });

  it('keeps accounts apart', async () => {
    const store = createKeytarStore();
    await store.set('profile:a', 'secret-a');
    await store.set('profile:b', 'secret-b');
    expect([await store.get('profile:a'), await store.get('profile:b')]).toEqual(['secret-a', 'secret-b']);
    await store.delete('profile:a');
    expect(await store.get('profile:b')).toBe('secret-b');
  });

  it('works the same in a child process pointed at the same keyring', async () => {
    const outcome = await runProbe({ ...process.env, ...bus.env });
    expect(outcome).toEqual({ ok: true, read: 'probe-secret', deleted: true, afterDelete: null });
  });
});

describe('keychain failures name their cause', () => {
  it('no session bus', async () => {
    const outcome = await runProbe(envWithout('DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY'));
    expect(outcome.code).toBe(KEYCHAIN_ERROR_CODES.noSessionBus);
    expect(outcome.message).toMatch(/no D-Bus session bus/);
  });

  it('a session bus that points nowhere', async () => {
    const outcome = await runProbe({ ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/coffer-bus' });
    expect(outcome.code).toBe(KEYCHAIN_ERROR_CODES.noSessionBus);
  });

  it('a bus without a secret service', async () => {
    const bus = await startPrivateBus({ keyring: 'none' });
    try {
      const outcome = await runProbe({ ...process.env, ...bus.env });
      expect(outcome.code).toBe(KEYCHAIN_ERROR_CODES.noSecretService);
      expect(outcome.message).toMatch(/no secret service/);
    } finally {
      await bus.stop();
    }
  });

  it('a locked keyring', async () => {
    const bus = await startPrivateBus({ keyring: 'locked' });
    try {
      const outcome = await runProbe({ ...process.env, ...bus.env });
      expect(outcome.code).toBe(KEYCHAIN_ERROR_CODES.locked);
      expect(outcome.message).toMatch(/locked/);
    } finally {
      await bus.stop();
    }
  });
});
