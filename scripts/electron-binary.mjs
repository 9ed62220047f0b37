// The Electron binary `npm start` runs: where it is, and fetching it on first run with electron's
// own install script (node_modules/electron/install.js), so its mirror (ELECTRON_MIRROR), cache
// and checksums apply as in any Electron project. npm ci itself installs with the download skipped
// (scripts/ensure-deps.mjs): a machine with no way to GitHub must still get its dependencies.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long the first-run download may take before the browser is opened instead. */
export const FETCH_TIMEOUT_MS = 10 * 60_000;
/**
 * How long the download's server has to answer at all. A firewall that drops packets silently would
 * otherwise hold `npm start` for the whole download timeout before the browser opens.
 */
export const ANSWER_TIMEOUT_MS = 20_000;
/** Where @electron/get downloads from when no mirror is named. */
const DEFAULT_MIRROR = 'https://github.com/electron/electron/releases/download/';

/** The binary's path, or the reason there is none. */
export function findElectron(root) {
  const dir = join(root, 'node_modules/electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(dir)) return { reason: 'the electron package is not installed' };
  if (!existsSync(pathFile)) return { reason: 'its binary was never downloaded' };
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? { binary } : { reason: `${binary} is missing` };
}

/** True when the user asked for no Electron binary: ELECTRON_SKIP_BINARY_DOWNLOAD set, "0" meaning "do download". */
export function downloadRefusedByUser(env) {
  const skip = env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  return skip !== undefined && skip !== '' && skip !== '0';
}

/** Whether the usual variables name a proxy for the download. */
function usesProxy(env) {
  return ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => Boolean(env[name]));
}

/**
 * The environment of the install script: the user's, with @electron/get told to use the proxy
 * the usual variables name (it ignores them unless ELECTRON_GET_USE_PROXY is set), and without
 * ELECTRON_SKIP_BINARY_DOWNLOAD (the script skips on any value, "0" included).
 */
export function fetchEnv(env) {
  const { ELECTRON_SKIP_BINARY_DOWNLOAD: _skip, ...rest } = env;
  return usesProxy(env) && !env.ELECTRON_GET_USE_PROXY ? { ...rest, ELECTRON_GET_USE_PROXY: '1' } : rest;
}

/**
 * The one-phrase reason of a failed install script: the first line of the error it printed
 * (e.g. "RequestError: getaddrinfo ENOTFOUND github.com" or "HTTPError: Response code 403 (Forbidden)
 * for http://mirror/…"), without its stack.
 */
export function fetchFailureReason(output, exitCode) {
  const lines = output.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('at '));
  const error = lines.find((line) => /^[A-Za-z]*Error\b/.test(line)) ?? lines[0];
  return error ?? `the install script exited with code ${exitCode}`;
}

/** The one line `npm start` prints before opening the browser instead of the window. */
export function browserFallbackLine(reason) {
  return `The desktop window cannot open here (${reason}); opening Coffer in your browser instead`;
}

/**
 * Null when the download's server answers (any status) or cannot be asked directly (a proxy is
 * set, or the failure is not a silence: the install script then says what it is); else the reason
 * it said nothing within `timeoutMs`.
 */
export async function silentServer(env, timeoutMs = ANSWER_TIMEOUT_MS) {
  if (usesProxy(env)) return null;
  const mirror = env.ELECTRON_MIRROR || env.npm_config_electron_mirror || DEFAULT_MIRROR;
  let host;
  try {
    host = new URL(mirror).host;
  } catch {
    return null;
  }
  try {
    const answer = await fetch(mirror, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await answer.body?.cancel();
    return null;
  } catch (error) {
    if (error?.name !== 'TimeoutError') return null;
    return `${host} did not answer within ${Math.round(timeoutMs / 100) / 10} s`;
  }
}

/**
 * Runs electron's install script; resolves { ok: true } once the binary is in place, else
 * { ok: false, reason }. Its output is kept for the reason, not shown. A server that does not
 * answer at all is given up on after `answerTimeoutMs`, before the script runs.
 */
export async function fetchElectron(root, env = process.env, timeoutMs = FETCH_TIMEOUT_MS, answerTimeoutMs = ANSWER_TIMEOUT_MS) {
  const silence = await silentServer(fetchEnv(env), answerTimeoutMs);
  if (silence !== null) return { ok: false, reason: `Electron's download failed: ${silence}` };
  const script = join(root, 'node_modules/electron/install.js');
  return new Promise((done) => {
    const child = spawn(process.execPath, [script], { cwd: root, env: fetchEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-8_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (error) => done({ ok: false, reason: error.message }));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal !== null) done({ ok: false, reason: `Electron's download took over ${Math.round(timeoutMs / 1000)} s` });
      else if (code !== 0) done({ ok: false, reason: `Electron's download failed: ${fetchFailureReason(output, code)}` });
      else {
        const found = findElectron(root);
        done(found.binary ? { ok: true, binary: found.binary } : { ok: false, reason: found.reason });
      }
    });
  });
}
