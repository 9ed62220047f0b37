// Types of electron-binary.mjs, for the tests that import it.
export type ElectronLookup = { binary: string; reason?: undefined } | { binary?: undefined; reason: string };
export type ElectronFetch = { ok: true; binary: string } | { ok: false; reason: string };
export const FETCH_TIMEOUT_MS: number;
export const ANSWER_TIMEOUT_MS: number;
export function findElectron(root: string): ElectronLookup;
export function downloadRefusedByUser(env: NodeJS.ProcessEnv): boolean;
export function fetchEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function fetchFailureReason(output: string, exitCode: number | null): string;
export function browserFallbackLine(reason: string): string;
export function silentServer(env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<string | null>;
export function fetchElectron(root: string, env?: NodeJS.ProcessEnv, timeoutMs?: number, answerTimeoutMs?: number): Promise<ElectronFetch>;
