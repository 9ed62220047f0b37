// Public face of the sandbox: start it in-process (the app's built-in Sandbox profile, tests,
// benchmarks) or through cli.ts. Everything else in main/sandbox is internal to it.
export type { RunningSandbox, SandboxKeyPair, SandboxLimits, SandboxOptions } from './options';
export { startSandbox } from './server';
