// The built-in sandbox's start options read from the environment.
import { describe, expect, it } from 'vitest';
import { sandboxLauncherFromEnv } from '../../../main/core/sandbox-launcher';
import { SOURCE_SANDBOX_WORKER } from '../../../main/core/sandbox-thread';
import { startSandbox } from '../../../main/sandbox/index';

describe('sandboxLauncherFromEnv', () => {
  it('starts nothing when the sandbox is turned off', () => {
    expect(sandboxLauncherFromEnv({ COFFER_NO_SANDBOX: '1', COFFER_SANDBOX_HISTORY: '10' })).toBeUndefined();
  });

  it('starts the plain sandbox when nothing else is asked', () => {
    expect(sandboxLauncherFromEnv({})).toBe(startSandbox);
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
