// A real core for tests: temporary data dir, real SQLite, the real keytar store (on whatever
// D-Bus the process is pointed at), and no built-in sandbox unless asked for.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core, type CoreOptions } from '../../../main/core/app';
import type { ProfileInput } from '../../../preload/contract';

export interface CoreFixture {
  dataDir: string;
  core: Core;
  /** Closes the core and opens it again on the same data; `between` runs while it is closed. */
  reopen(options?: Partial<CoreOptions>, between?: () => void): Promise<Core>;
  dispose(): Promise<void>;
}

export async function createCoreFixture(options: Partial<CoreOptions> = {}): Promise<CoreFixture> {
  const root = mkdtempSync(join(tmpdir(), 'coffer-core-'));
  const dataDir = join(root, 'data');
  const open = (extra: Partial<CoreOptions> = {}) => createCore({ dataDir, transport: 'web', ...options, ...extra });
  const fixture: CoreFixture = {
    dataDir,
    core: await open(),
    async reopen(extra, between) {
      await fixture.core.close();
      between?.();
      fixture.core = await open(extra);
      return fixture.core;
    },
    async dispose() {
      await fixture.core.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
  return fixture;
}

export const validInput = (overrides: Partial<ProfileInput> = {}): ProfileInput => ({
  name: 'Treasury EU',
  apiVersion: '3',
  restUrl: 'https://api.example.com',
  streamUrl: 'wss://stream.example.com',
  authMethod: 'HS256',
  publicKey: 'pub-key-123',
  secretKey: 'very-secret-key-value-9f8e7d',
  ...overrides,
});
