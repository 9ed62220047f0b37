// How the app starts its built-in sandbox: in-process, through the sandbox's public face.
// COFFER_NO_SANDBOX=1 turns it off (fast tests that need no exchange).
// COFFER_SANDBOX_CONTROL_TOKEN switches on the sandbox's /sandbox/* test controls (clock advance,
// deposits, faults) with that token; e2e tests use it to move the sandbox clock. Off otherwise.
import { startSandbox } from '../sandbox/index';
import type { SandboxLauncher } from './builtin-sandbox';

export function sandboxLauncherFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxLauncher | undefined {
  if (env.COFFER_NO_SANDBOX === '1') return undefined;
  const controlToken = env.COFFER_SANDBOX_CONTROL_TOKEN;
  if (!controlToken) return startSandbox;
  return (options) => startSandbox({ ...options, controlToken });
}
