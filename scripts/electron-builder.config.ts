// The installers `npm run dist` builds (scripts/dist.mjs): AppImage and .deb on Linux, NSIS on
// Windows, a DMG on macOS, each on its own OS. The package is hardened: Electron's fuses flipped,
// the app in an ASAR archive checked for integrity, native modules unpacked, and only out/,
// package.json and the window's icon packed (plus the production node_modules electron-builder
// adds itself). Code signing and notarisation use the credentials in the environment, and are
// left out, saying so, without them.
import type { Configuration } from 'electron-builder';
import { APP_USER_MODEL_ID } from '../main/electron/app-identity';

/** Electron's fuses as the package sets them; names as @electron/fuses' FuseV1Options spells them. */
export const PACKAGE_FUSES = [
  // ELECTRON_RUN_AS_NODE would turn the signed binary into a plain Node running any script.
  { fuse: 'RunAsNode', enabled: false },
  { fuse: 'EnableCookieEncryption', enabled: true },
  // NODE_OPTIONS and --inspect would let anyone who can start the app inject code into it.
  { fuse: 'EnableNodeOptionsEnvironmentVariable', enabled: false },
  { fuse: 'EnableNodeCliInspectArguments', enabled: false },
  { fuse: 'EnableEmbeddedAsarIntegrityValidation', enabled: true },
  { fuse: 'OnlyLoadAppFromAsar', enabled: true },
  // The renderer is served from app://, never file://, so file: needs no privileges.
  { fuse: 'GrantFileProtocolExtraPrivileges', enabled: false },
] as const;

type BuilderFuses = NonNullable<Configuration['electronFuses']>;

/** PACKAGE_FUSES as electron-builder's electronFuses option (the same names, first letter lower case). */
export function builderFuses(): BuilderFuses {
  const entries = PACKAGE_FUSES.map(({ fuse, enabled }) => [fuse.charAt(0).toLowerCase() + fuse.slice(1), enabled]);
  return Object.fromEntries(entries) as BuilderFuses;
}

/** What signs and notarises on `platform` with `env`, and the lines saying what is skipped. */
export interface SigningPlan {
  sign: boolean;
  notarize: boolean;
  skipped: string[];
}

const NOTARY_CREDENTIALS = [
  ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'],
] as const;

export function signingPlan(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): SigningPlan {
  const has = (name: string) => Boolean(env[name]);
  if (platform === 'darwin') {
    const sign = has('CSC_LINK') || has('CSC_NAME');
    const notarize = sign && NOTARY_CREDENTIALS.some((set) => set.every(has));
    const skipped = [
      ...(sign ? [] : ['Code signing skipped: CSC_LINK (a .p12 certificate) and CSC_KEY_PASSWORD are not set.']),
      ...(notarize ? [] : ['Notarisation skipped: needs signing and APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID (or an App Store Connect API key) set.']),
    ];
    return { sign, notarize, skipped };
  }
  if (platform === 'win32') {
    const sign = has('WIN_CSC_LINK') || has('CSC_LINK');
    return { sign, notarize: false, skipped: sign ? [] : ['Code signing skipped: WIN_CSC_LINK (or CSC_LINK) and its password are not set.'] };
  }
  return { sign: false, notarize: false, skipped: ['AppImage and .deb are not code-signed (Linux packages have no such step).'] };
}

/** The electron-builder configuration for building on `platform` with the credentials in `env`. */
export function builderConfig(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): Configuration {
  const signing = signingPlan(platform, env);
  return {
    // The Windows AppUserModelID the running app sets must equal the Start-menu shortcut's.
    appId: APP_USER_MODEL_ID,
    productName: 'Coffer',
    // The version is package.json's, which electron-builder reads itself.
    directories: { output: 'dist', buildResources: 'resources' },
    files: [
      'out/**',
      'package.json',
      // The window's icon, which the built main process finds at out/../resources/icons.
      'resources/icons/256x256.png',
      // The Electron builds of the native modules (scripts/electron-natives.mjs) the app loads.
      'native/electron-*/*.node',
      // The packages' Node builds and sources are never loaded by Electron (main/native/native-addons.ts).
      '!**/node_modules/better-sqlite3/{build,deps,src}/**',
      '!**/node_modules/keytar/{build,src}/**',
    ],
    asar: true,
    asarUnpack: ['**/*.node'],
    // Rebuilding would compile over node_modules' Node builds, which the tests load.
    npmRebuild: false,
    electronFuses: builderFuses(),
    forceCodeSigning: false,
    linux: {
      target: ['AppImage', 'deb'],
      icon: 'resources/icons',
      category: 'Finance',
      maintainer: 'Coffer',
      synopsis: 'Desktop account and treasury manager',
    },
    win: { target: 'nsis', icon: 'resources/icons/256x256.png' },
    nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
    mac: {
      target: 'dmg',
      icon: 'resources/icons/512x512.png',
      category: 'public.app-category.finance',
      hardenedRuntime: true,
      // null: do not look in the keychain for an identity either, so an unsigned build is deliberate.
      ...(signing.sign ? {} : { identity: null }),
      notarize: signing.notarize,
    },
    publish: null,
  };
}

export default builderConfig(process.platform, process.env);
