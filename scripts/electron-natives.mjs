#!/usr/bin/env node
// Electron builds of the native addons, beside the Node builds rather than over them: the
// packages are copied (without their build/) into a staging folder, @electron/rebuild builds the
// copies for Electron's ABI (a prebuilt binary when one can be downloaded, else node-gyp against
// Electron's headers), and the .node files land in native/electron-<abi>-<platform>-<arch>/,
// the folder main/native/native-addons.ts loads them from. node_modules is never written, so the
// tests keep loading the Node builds. The folder appears whole or not at all (renamed into place).
// Usage: node scripts/electron-natives.mjs   (builds when missing; --force builds again)
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Each addon: its package, and the .node file its build makes (named as native-addons.ts loads it). */
export const ELECTRON_ADDONS = [
  { packageName: 'better-sqlite3', file: 'better_sqlite3.node' },
  { packageName: 'keytar', file: 'keytar.node' },
];

/** The Electron version and ABI node_modules/electron declares. */
export function installedElectron(projectRoot = root) {
  const dir = join(projectRoot, 'node_modules/electron');
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return { version, abi: readFileSync(join(dir, 'abi_version'), 'utf8').trim() };
}

/** The folder of the Electron builds: the same name main/native/native-addons.ts computes from process.versions. */
export function electronNativeDir(projectRoot, abi, platform = process.platform, arch = process.arch) {
  return join(projectRoot, 'native', `electron-${abi}-${platform}-${arch}`);
}

/** The addons whose Electron build is not in `dir`. */
export function missingElectronAddons(dir, exists = existsSync) {
  return ELECTRON_ADDONS.filter((addon) => !exists(join(dir, addon.file))).map((addon) => addon.packageName);
}

/**
 * The ABI a built addon registers for: the NODE_MODULE_VERSION in its node_register_module_v<abi>
 * symbol, or 'napi' for a Node-API addon, which loads under any runtime.
 */
export function addonAbi(bytes) {
  const text = bytes.toString('latin1');
  const versioned = /node_register_module_v(\d+)/.exec(text);
  if (versioned) return versioned[1];
  return text.includes('napi_register_module_v') ? 'napi' : null;
}

/** npm's nodedir (an .npmrc's nodedir=/usr, say) would have node-gyp build against Node's headers instead of Electron's. */
export function electronBuildEnv(env) {
  const rest = { ...env };
  for (const name of Object.keys(rest)) if (name.toLowerCase() === 'npm_config_nodedir') delete rest[name];
  return rest;
}

/** Builds every addon for the installed Electron into its folder; rejects with the reason when it cannot. */
export async function buildElectronNatives(projectRoot = root) {
  const { version, abi: electronAbi } = installedElectron(projectRoot);
  const target = electronNativeDir(projectRoot, electronAbi);
  const staging = `${target}.staging`;
  const partial = `${target}.partial`;
  rmSync(staging, { recursive: true, force: true });
  rmSync(partial, { recursive: true, force: true });
  try {
    stageCopies(projectRoot, staging);
    // @electron/rebuild declares Node >= 22.12 but runs on Node 20.19 (it needs require(esm)-free ESM only).
    const { rebuild } = await import('@electron/rebuild');
    // node-gyp runs in child processes, which inherit this process's environment.
    const userEnv = process.env;
    process.env = electronBuildEnv(userEnv);
    try {
      await rebuild({ buildPath: staging, electronVersion: version, onlyModules: ELECTRON_ADDONS.map((addon) => addon.packageName), force: true });
    } finally {
      process.env = userEnv;
    }
    mkdirSync(partial, { recursive: true });
    for (const addon of ELECTRON_ADDONS) {
      const built = join(staging, 'node_modules', addon.packageName, 'build/Release', addon.file);
      const abi = addonAbi(readFileSync(built));
      if (abi !== electronAbi && abi !== 'napi') throw new Error(`${addon.packageName} was built for ABI ${abi}, not Electron's ${electronAbi}`);
      cpSync(built, join(partial, addon.file));
    }
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
    return target;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { recursive: true, force: true });
  }
}

/** A package.json naming the addons and copies of their packages minus any build, for @electron/rebuild to build in place. */
function stageCopies(projectRoot, staging) {
  const dependencies = {};
  for (const { packageName } of ELECTRON_ADDONS) {
    const source = join(projectRoot, 'node_modules', packageName);
    dependencies[packageName] = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')).version;
    const buildDir = join(source, 'build');
    cpSync(source, join(staging, 'node_modules', packageName), {
      recursive: true,
      filter: (path) => path !== buildDir && !path.startsWith(buildDir + sep),
    });
  }
  writeFileSync(join(staging, 'package.json'), JSON.stringify({ name: `${basename(staging)}`, version: '0.0.0', private: true, dependencies }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { abi } = installedElectron();
  const dir = electronNativeDir(root, abi);
  if (!process.argv.includes('--force') && missingElectronAddons(dir).length === 0) {
    console.log(`The Electron builds are in place (${dir}).`);
  } else {
    buildElectronNatives().then(
      (target) => console.log(`Built ${ELECTRON_ADDONS.map((addon) => addon.packageName).join(' and ')} for Electron in ${target}.`),
      (error) => {
        console.error(`The native modules could not be built for Electron: ${error instanceof Error ? error.message : error}`);
        process.exit(1);
      },
    );
  }
}
