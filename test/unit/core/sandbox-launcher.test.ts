// The built-in sandbox's start options read from the environment.
import { describe, expect, it } from 'vitest';
import { sandboxLauncherFromEnv } from '../../../main/core/sandbox-launcher';
import { prewarmSandboxThread, SOURCE_SANDBOX_WORKER } from '../../../main/core/sandbox-thread';

describe('sandboxLauncherFromEnv', () => {
  it('starts nothing when the sandbox is turned off', () => {
    expect(sandboxLauncherFromEnv({ COFFER_NO_SANDBOX: '1', COFFER_SANDBOX_HISTORY: '10' })).toBeUndefined();
  });

  it('starts the plain sandbox in this thread when nothing else is asked', async () => {
    const sandbox = await sandboxLauncherFromEnv({})!({ lightSeed: true, apiKey: 'plain-key', secretKey: 'plain-secret' });
    try {
      const auth = `Basic ${Buffer.from('plain-key:plain-secret').toString('base64')}`;
      expect((await fetch(`${sandbox.restUrl}/api/3/wallet/transactions?limit=1`, { headers: { Authorization: auth } })).status).toBe(200);
      // No control token asked for: the test controls are off.
      expect((await fetch(`${sandbox.restUrl}/sandbox/stats`)).status).not.toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('starts on a thread made ahead of time, with the options given at start; a second start gets a thread of its own', async () => {
    const launch = sandboxLauncherFromEnv({ COFFER_SANDBOX_HISTORY: '12' }, prewarmSandboxThread(SOURCE_SANDBOX_WORKER));
    const first = await launch!({ apiKey: 'warm-key', secretKey: 'warm-secret', port: 0 });
    const second = await launch!({ apiKey: 'other-key', secretKey: 'other-secret', port: 0 });
    try {
      expect(first.master).toMatchObject({ apiKey: 'warm-key', secretKey: 'warm-secret' });
      expect(second.master).toMatchObject({ apiKey: 'other-key', secretKey: 'other-secret' });
      expect(second.restUrl).not.toBe(first.restUrl);
      const auth = `Basic ${Buffer.from('warm-key:warm-secret').toString('base64')}`;
      const list = await fetch(`${first.restUrl}/api/3/wallet/transactions?limit=1000`, { headers: { Authorization: auth } });
      expect(((await list.json()) as unknown[]).length).toBe(12);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    await expect(fetch(`${first.restUrl}/api/3/wallet/transactions`)).rejects.toThrow();
  });

  it('refuses to start when a thread made ahead of time cannot start the sandbox', async () => {
    const launch = sandboxLauncherFromEnv({}, prewarmSandboxThread(SOURCE_SANDBOX_WORKER));
    await expect(launch!({ db: '/nonexistent-dir/sandbox.db' })).rejects.toThrow();
  });

  it('seeds a history of the size asked for', async () => {
    const launch = sandboxLauncherFromEnv({ COFFER_SANDBOX_HISTORY: '25', COFFER_SANDBOX_CONTROL_TOKEN: 'token-1' });
    expect(launch).toBeDefined();
    const sandbox = await launch!({ lightSeed: false });
    try {
      const stats = await fetch(`${sandbox.restUrl}/sandbox/stats`, { headers: { Authorization: 'Bearer token-1' } });
      expect(stats.status).toBe(200);
      const auth = `Basic ${Buffer.from(`${sandbox.master.apiKey}:${sandbox.master.secretKey}`).toString('base64')}`;
      const list = await fetch(`${sandbox.restUrl}/api/3/wallet/transactions?limit=1000`, { headers: { Authorization: auth } });
      expect(((await list.json()) as unknown[]).length).toBe(25);
    } finally {
      await sandbox.close();
    }
  });

  it('runs the sandbox on its own thread when given the worker, reached and closed the same way', async () => {
    const launch = sandboxLauncherFromEnv({ COFFER_SANDBOX_HISTORY: '30', COFFER_SANDBOX_CONTROL_TOKEN: 'token-2' }, SOURCE_SANDBOX_WORKER);
    const sandbox = await launch!({ apiKey: 'thread-key', secretKey: 'thread-secret', port: 0 });
    expect(sandbox.master).toMatchObject({ apiKey: 'thread-key', secretKey: 'thread-secret' });
    expect(sandbox.master.rights.length).toBeGreaterThan(0);
    const auth = `Basic ${Buffer.from('thread-key:thread-secret').toString('base64')}`;
    const list = await fetch(`${sandbox.restUrl}/api/3/wallet/transactions?limit=1000`, { headers: { Authorization: auth } });
    expect(((await list.json()) as unknown[]).length).toBe(30);
    const stats = await fetch(`${sandbox.restUrl}/sandbox/stats`, { headers: { Authorization: 'Bearer token-2' } });
    expect(stats.status).toBe(200);
    await sandbox.close();
    await expect(fetch(`${sandbox.restUrl}/api/3/wallet/transactions`, { headers: { Authorization: auth } })).rejects.toThrow();
  });

  it('refuses to start when the sandbox thread cannot', async () => {
    const launch = sandboxLauncherFromEnv({}, SOURCE_SANDBOX_WORKER);
    await expect(launch!({ db: '/nonexistent-dir/sandbox.db' })).rejects.toThrow();
  });

  it.each(['-1', '1.5', 'many', '200001'])('refuses COFFER_SANDBOX_HISTORY=%s, naming the variable', (text) => {
    expect(() => sandboxLauncherFromEnv({ COFFER_SANDBOX_HISTORY: text })).toThrow(/COFFER_SANDBOX_HISTORY must be a whole number/);
  });
});
