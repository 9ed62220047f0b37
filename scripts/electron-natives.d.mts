// Types of electron-natives.mjs, for the tests that import it.
export interface ElectronAddon {
  packageName: string;
  file: string;
}
export const ELECTRON_ADDONS: readonly ElectronAddon[];
export function installedElectron(projectRoot?: string): { version: string; abi: string };
export function electronNativeDir(projectRoot: string, abi: string, platform?: string, arch?: string): string;
export function missingElectronAddons(dir: string, exists?: (path: string) => boolean): string[];
export function buildElectronNatives(projectRoot?: string): Promise<string>;
export function addonAbi(bytes: Buffer): string | null;
export function electronBuildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
