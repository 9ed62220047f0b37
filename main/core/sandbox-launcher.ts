// How the app starts its built-in sandbox: in-process, through the sandbox's public face.
// COFFER_NO_SANDBOX=1 turns it off (fast tests that need no exchange).
import { startSandbox } from '../sandbox/index';
import type { SandboxLauncher } from './builtin-sandbox';

export function sandboxLauncherFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxLauncher | undefined {
  return env.COFFER_NO_SANDBOX === '1' ? undefined : startSandbox;
}
