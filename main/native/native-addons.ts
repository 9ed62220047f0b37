// Which build of a native addon (better-sqlite3, keytar) this process loads. Node and Electron
// need builds for different ABIs; both live on one machine side by side: the Node builds stay in
// node_modules where npm put them (what the tests load), the Electron builds sit in
// native/electron-<abi>-<platform>-<arch>/ at the app's root (made by scripts/electron-natives.mjs,
// packed beside out/ by the installer config), so neither runtime has to rebuild the other's.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const NATIVE_ADDONS = ['better_sqlite3', 'keytar'] as const;
export type NativeAddon = (typeof NATIVE_ADDONS)[number];

/** The folder, under the app's root, that holds the Electron builds. */
export const ELECTRON_NATIVE_ROOT = 'native';

/** What decides the build: the runtime's versions (process.versions) and the machine. */
export interface NativeRuntime {
  versions: { readonly electron?: string; readonly modules: string };
  platform: string;
  arch: string;
}

/** The folder name of the Electron builds for `runtime`'s ABI and machine, or null under plain Node. */
export function electronBuildFolder(runtime: NativeRuntime): string | null {
  if (runtime.versions.electron === undefined) return null;
  return `electron-${runtime.versions.modules}-${runtime.platform}-${runtime.arch}`;
}

/**
 * The .node file `addon` must be loaded from, or undefined to let the package load its own (Node)
 * build as usual. Under Electron it is always the side-by-side build, even when missing, so a
 * missing build fails naming the file instead of loading a Node build of another ABI.
 */
export function nativeAddonFile(addon: NativeAddon, runtime: NativeRuntime, appRoot: string): string | undefined {
  const folder = electronBuildFolder(runtime);
  return folder === null ? undefined : join(appRoot, ELECTRON_NATIVE_ROOT, folder, `${addon}.node`);
}

/** The nearest folder at or above `start` holding a package.json: the project, or app.asar when packaged. */
export function findAppRoot(start: string, exists: (path: string) => boolean = existsSync): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (exists(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

/** This process's runtime. */
export const processRuntime = (): NativeRuntime => ({ versions: process.versions, platform: process.platform, arch: process.arch });

/** nativeAddonFile for this process's code. The app's root is only looked for under Electron. */
export function currentNativeAddonFile(addon: NativeAddon, runtime: NativeRuntime = processRuntime()): string | undefined {
  if (electronBuildFolder(runtime) === null) return undefined;
  return nativeAddonFile(addon, runtime, findAppRoot(__dirname));
}

/** better-sqlite3's nativeBinding: the one given, else COFFER_SQLITE_BINDING, else this runtime's build (none under Node). */
export function sqliteNativeBinding(
  given: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  runtime: NativeRuntime = processRuntime(),
): string | undefined {
  return given || env.COFFER_SQLITE_BINDING || currentNativeAddonFile('better_sqlite3', runtime);
}

/**
 * Sets COFFER_SQLITE_BINDING to this runtime's build when one is chosen and none is set, so code
 * that shares nothing with the app (the built-in sandbox) loads the same build, and so do worker
 * threads made afterwards (they copy the environment), whose process.versions Electron may not mark.
 */
export function shareSqliteBinding(env: NodeJS.ProcessEnv = process.env, runtime: NativeRuntime = processRuntime()): void {
  const binding = sqliteNativeBinding(undefined, env, runtime);
  if (binding !== undefined) env.COFFER_SQLITE_BINDING = binding;
}
