// Public face of the sandbox: start it in-process (the app's built-in Sandbox profile, tests,
// benchmarks) or through cli.ts; seed its database file ahead of the start (prepareSandboxDb). Everything else in main/sandbox is internal to it.
export type { RunningSandbox, SandboxKeyPair, SandboxLimits, SandboxOptions } from './options';
export { startSandbox } from './server';
export { prepareSandboxDb, type PrepareOptions } from './seed/prepare';
