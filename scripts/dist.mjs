#!/usr/bin/env node
// `npm run dist`: the installers of this OS (scripts/electron-builder.config.ts) from the built app
// (out/, built by the npm script first) and the Electron builds of the native modules (made here
// when missing: scripts/electron-natives.mjs). Says in one line each what is not signed or
// notarised for want of credentials. Platform flags as electron-builder's own CLI:
//   npm run dist                    this OS's installers
//   npm run dist -- --linux dir     an unpacked Linux app only (quick check of the package)
// Run through tsx (node --import tsx), which lets this file import the TypeScript config.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** electron-builder's CLI flags this script takes: --linux/--win/--mac with optional targets, --x64/--arm64. */
export function distTargets(argv) {
  const options = {};
  let platform = null;
  for (const arg of argv) {
    const flag = /^--(linux|win|mac|x64|arm64)$/.exec(arg);
    if (flag?.[1] === 'x64' || flag?.[1] === 'arm64') options[flag[1]] = true;
    else if (flag) options[(platform = flag[1])] = [];
    else if (platform !== null && !arg.startsWith('-')) options[platform].push(arg);
    else throw new Error(`unknown option ${arg}: use --linux, --win or --mac, each with optional targets, and --x64 or --arm64`);
  }
  return options;
}

async function dist() {
  const { build } = await import('electron-builder');
  const { builderConfig, signingPlan } = await import('./electron-builder.config.ts');
  const { buildElectronNatives, electronNativeDir, installedElectron, missingElectronAddons } = await import('./electron-natives.mjs');
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const targets = distTargets(process.argv.slice(2));
  if (missingElectronAddons(electronNativeDir(root, installedElectron(root).abi)).length > 0) {
    console.log('Building better-sqlite3 and keytar for Electron...');
    await buildElectronNatives(root).catch((error) => {
      throw new Error(`the native modules could not be built for Electron: ${error instanceof Error ? error.message : error}`);
    });
  }
  for (const line of signingPlan(process.platform, process.env).skipped) console.log(line);
  const artifacts = await build({ projectDir: root, config: builderConfig(process.platform, process.env), publish: 'never', ...targets });
  for (const artifact of artifacts) console.log(`Built ${artifact}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  dist().catch((error) => {
    console.error(`npm run dist failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
