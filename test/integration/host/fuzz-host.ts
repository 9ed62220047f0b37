// A web host in a process of its own, for the contract fuzz test: the core with the built-in
// sandbox in this process (a short seeded history, secrets in memory, nothing external), the host's
// own guard against stray errors, and one line on stdout saying where it listens. Run with
// `node --import tsx fuzz-host.ts <folder>`; SIGTERM closes it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCore } from '../../../main/core/app';
import { sandboxLauncherFromEnv } from '../../../main/core/sandbox-launcher';
import { surviveStrayErrors } from '../../../main/host/process-guard';
import { startHost } from '../../../main/host/server';
import { memorySecrets } from '../support/memory-secrets';

async function main(folder: string): Promise<void> {
  surviveStrayErrors();
  const rendererDir = join(folder, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Coffer</title>');
  const core = await createCore({
    dataDir: join(folder, 'data'),
    transport: 'web',
    secrets: memorySecrets(),
    launchSandbox: sandboxLauncherFromEnv({ COFFER_SANDBOX_HISTORY: '50' }),
  });
  const host = await startHost({ dispatch: core.dispatch, events: core.events, rendererDir });
  console.log(`FUZZ-HOST ${host.port} ${host.token}`);
  process.once('SIGTERM', () => {
    void Promise.allSettled([host.close(), core.close()]).then(() => process.exit(0));
  });
}

const folder = process.argv[2];
if (folder !== undefined) {
  main(folder).catch((error: unknown) => {
    console.error(`fuzz host could not start: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  });
}
