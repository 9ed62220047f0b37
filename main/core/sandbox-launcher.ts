// How the app starts its built-in sandbox. COFFER_NO_SANDBOX=1 turns it off (fast tests that do
// not need an exchange).
import type { SandboxLauncher } from './builtin-sandbox';

export function sandboxLauncherFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxLauncher | undefined {
  if (env.COFFER_NO_SANDBOX === '1') return undefined;
  return undefined; // wired to main/sandbox's startSandbox once it exists
}
