// Errors in words through the whole core: a service that cannot be reached or is down for
// maintenance is said as such by every read of the active profile, with its code once, never as a
// generic internal error, whichever handler the call goes through.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../main/sandbox/index';
import type { Result } from '../../../preload/contract';
import { appErrorText } from '../../../preload/contract/result';
import { memorySecrets } from '../support/memory-secrets';
import { createCoreFixture, validInput, type CoreFixture } from './core-fixture';

const CONTROL_TOKEN = 'known-causes-token';
let sandbox: RunningSandbox;
let fixture: CoreFixture | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ lightSeed: true, controlToken: CONTROL_TOKEN });
});
afterAll(() => sandbox?.close());
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
  await fetch(`${sandbox.restUrl}/sandbox/faults`, { method: 'DELETE', headers: { 'X-Sandbox-Token': CONTROL_TOKEN } });
});

/** The reads a page makes first, each through its own domain's handlers. */
const READS = [
  ['listApprovals', undefined],
  ['getWalletOverview', { valuationCurrency: 'USD' }],
  ['listMovements', {}],
  ['listSubAccounts', undefined],
] as const;

async function activeProfileAt(restUrl: string, wsUrl: string, key = { publicKey: 'pub-key-123', secretKey: 'very-secret-key-value-9f8e7d' }): Promise<CoreFixture> {
  const core = await createCoreFixture({ secrets: memorySecrets() });
  const created = await core.core.dispatch('createProfile', validInput({ restUrl, streamUrl: wsUrl, ...key }));
  if (!created.ok) throw new Error(`the profile was not saved: ${created.error.message}`);
  await core.core.dispatch('activateProfile', { id: (created.value as { id: string }).id });
  return core;
}

function expectWords(op: string, result: Result<unknown>, code: string, words: RegExp): void {
  expect(result, op).toMatchObject({ ok: false, error: { code, message: expect.stringMatching(words) } });
  if (result.ok) return;
  const shown = appErrorText(result.error);
  expect(shown, op).not.toMatch(/INTERNAL|see the log|\(code /);
  expect(shown.split(code), op).toHaveLength(2); // the code once, after the words
}

describe('known causes reach the screen in words', () => {
  it('a service that cannot be reached', async () => {
    fixture = await activeProfileAt('http://127.0.0.1:9', 'ws://127.0.0.1:9'); // the discard port: nothing listens
    for (const [op, request] of READS) {
      expectWords(op, await fixture.core.dispatch(op, request), 'NETWORK', /^The service could not be reached/);
    }
  }, 120_000);

  it('a service down for maintenance', async () => {
    const key = { publicKey: sandbox.master.apiKey, secretKey: sandbox.master.secretKey };
    fixture = await activeProfileAt(sandbox.restUrl, sandbox.wsUrl, key);
    await fetch(`${sandbox.restUrl}/sandbox/faults`, {
      method: 'POST',
      headers: { 'X-Sandbox-Token': CONTROL_TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/api/*', status: 503, code: 503, message: 'Service Unavailable', count: 1000 }),
    });
    for (const [op, request] of READS) {
      expectWords(op, await fixture.core.dispatch(op, request), 'API_503', /down for maintenance/);
    }
  }, 120_000);
});
