#!/usr/bin/env node
// What `npm start` and `npm test` need before they can run, installed when missing: the apt
// packages (Debian/Ubuntu only; installed as root or with passwordless sudo, otherwise the exact
// command is printed), then `npm ci` when node_modules is missing or older than package-lock.json.
// Usage: node scripts/ensure-deps.mjs start|test
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// keytar and better-sqlite3 are compiled on install (their prebuilt binaries come from GitHub,
// which may be out of reach): libsecret headers and a C++ toolchain.
const BUILD_PACKAGES = ['libsecret-1-dev', 'g++', 'make', 'python3'];
// The tests add a private keyring (gnome-keyring in a D-Bus session), the browser Playwright
// drives (without recommends, Chromium has no fonts for screenshots) and PostgreSQL, of which the
// team store's tests start throwaway servers of their own.
const TEST_PACKAGES = [...BUILD_PACKAGES, 'gnome-keyring', 'dbus', 'dbus-x11', 'chromium', 'fonts-dejavu-core', 'postgresql'];
export const APT_PACKAGES = { start: BUILD_PACKAGES, test: TEST_PACKAGES };

/** The packages of `wanted` dpkg does not list as installed; none where there is no dpkg. */
export function missingAptPackages(wanted) {
  if (process.platform !== 'linux' || !commandExists('dpkg-query')) return [];
  return wanted.filter((name) => {
    const status = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return !status.stdout?.includes('install ok installed');
  });
}

/** Why `npm ci` is due, or null when node_modules matches package-lock.json. */
export function installReason(dir = root) {
  const installed = join(dir, 'node_modules/.package-lock.json');
  if (!existsSync(join(dir, 'node_modules'))) return 'node_modules is missing';
  if (!existsSync(installed)) return 'node_modules was not installed by npm';
  const lockChanged = statSync(join(dir, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs;
  return lockChanged ? 'package-lock.json is newer than node_modules' : null;
}

/** Installs what `purpose` ('start' or 'test') needs; exits the process when it cannot. */
export function ensureDeps(purpose) {
  ensureAptPackages(APT_PACKAGES[purpose]);
  const reason = installReason();
  if (reason === null) return;
  // npm ci empties a linked node_modules through the link (the install it points at, shared by
  // every checkout linking it) before replacing the link with an install of its own.
  if (existsSync(join(root, 'node_modules')) && lstatSync(join(root, 'node_modules')).isSymbolicLink()) {
    console.log(`node_modules is a link to another install (${reason}); not reinstalling through it: run npm ci where it lives`);
    return;
  }
  npmCi(reason);
}

function ensureAptPackages(wanted) {
  const missing = missingAptPackages(wanted);
  if (missing.length === 0) return;
  const install = ['install', '-y', '--no-install-recommends', ...missing];
  const asRoot = process.getuid?.() === 0;
  // A CI runner often has sudo without a password; a person at a terminal is told the command.
  if (!asRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) {
    console.error(`Coffer needs ${missing.join(', ')}: run  sudo apt-get ${install.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' ')} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], install]) {
    const [command, commandArgs] = asRoot ? ['apt-get', args] : ['sudo', ['-E', 'apt-get', ...args]];
    if (spawnSync(command, commandArgs, { stdio: 'inherit', env }).status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; see the output above.`);
      process.exit(1);
    }
  }
}

function npmCi(reason) {
  const env = { ...process.env };
  // The Electron binary is fetched by `npm start` once the install is done (scripts/electron-binary.mjs),
  // where a download that cannot be made opens the browser instead of failing the whole install.
  env.ELECTRON_SKIP_BINARY_DOWNLOAD = '1';
  // With Node's headers installed, node-gyp compiles against them instead of downloading them.
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  const started = Date.now();
  console.log(`Installing dependencies (npm ci: ${reason})...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci'], { cwd: root, stdio: 'inherit', env, shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error('npm ci failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  console.log(`Dependencies installed in ${Math.round((Date.now() - started) / 1000)} s.`);
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const purpose = process.argv[2];
  if (purpose !== 'start' && purpose !== 'test') {
    console.error('usage: node scripts/ensure-deps.mjs start|test');
    process.exit(2);
  }
  ensureDeps(purpose);
}
