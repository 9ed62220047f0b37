// The installer configuration, checked against electron-builder's own JSON schema for every OS
// with and without signing credentials, and the hardening it carries: the fuses by
// @electron/fuses' names, ASAR with native modules unpacked, only the built app packed.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv from 'ajv';
import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { builderConfig, builderFuses, PACKAGE_FUSES, signingPlan } from '../../../scripts/electron-builder.config';
import { distTargets } from '../../../scripts/dist.mjs';

const ROOT = resolve(__dirname, '../../..');
const schema: object = JSON.parse(readFileSync(join(ROOT, 'node_modules/app-builder-lib/scheme.json'), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);
const PLATFORMS = ['linux', 'win32', 'darwin'] as const;
const ALL_CREDENTIALS = {
  CSC_LINK: 'cert.p12', CSC_KEY_PASSWORD: 'pw', WIN_CSC_LINK: 'win.p12',
  APPLE_ID: 'me@example.com', APPLE_APP_SPECIFIC_PASSWORD: 'pw', APPLE_TEAM_ID: 'TEAM',
};

describe('the electron-builder configuration', () => {
  for (const platform of PLATFORMS) {
    for (const [credentials, env] of [['no credentials', {}], ['credentials', ALL_CREDENTIALS]] as const) {
      it(`is valid by electron-builder's schema on ${platform} with ${credentials}`, () => {
        const valid = validate(builderConfig(platform, env));
        expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 1)).toEqual([]);
        expect(valid).toBe(true);
      });
    }
  }

  it('is refused by that schema when it carries an option electron-builder does not know', () => {
    expect(validate({ ...builderConfig('linux', {}), asarUnpacked: ['**/*.node'] })).toBe(false);
    expect(validate({ ...builderConfig('linux', {}), electronFuses: { runAsNodes: false } })).toBe(false);
  });

  it('builds each OS’s installers with the icons from resources/', () => {
    const config = builderConfig('linux', {});
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toBe('nsis');
    expect(config.mac?.target).toBe('dmg');
    for (const icon of [config.win?.icon, config.mac?.icon]) expect(readFileSync(join(ROOT, icon ?? '')).subarray(1, 4).toString()).toBe('PNG');
    expect(readFileSync(join(ROOT, String(config.linux?.icon), '512x512.png')).subarray(1, 4).toString()).toBe('PNG');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.main).toMatch(/^out\//);
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('packs only the built app, in an ASAR archive with the native modules unpacked and not rebuilt over node_modules', () => {
    const config = builderConfig('linux', {});
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(['**/*.node']);
    expect(config.npmRebuild).toBe(false);
    const included = (config.files as string[]).filter((pattern) => !pattern.startsWith('!'));
    expect(included).toEqual(['out/**', 'package.json', 'resources/icons/256x256.png', 'native/electron-*/*.node']);
    // The built main process takes its window icon from beside out/: the package must hold that file.
    const builtMain = readFileSync(join(ROOT, 'main/index.ts'), 'utf8');
    expect(builtMain).toContain("'../resources/icons/256x256.png?asset'");
  });
});

describe('the package’s fuses', () => {
  it('are named as @electron/fuses names them and set as the hardening asks', () => {
    for (const { fuse } of PACKAGE_FUSES) expect(Object.keys(FuseV1Options), fuse).toContain(fuse);
    const set = Object.fromEntries(PACKAGE_FUSES.map(({ fuse, enabled }) => [fuse, enabled]));
    expect(set).toMatchObject({
      RunAsNode: false,
      EnableCookieEncryption: true,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
    });
  });

  it('reach electron-builder as its electronFuses option, one key a fuse', () => {
    expect(builderFuses()).toMatchObject({ runAsNode: false, onlyLoadAppFromAsar: true, enableEmbeddedAsarIntegrityValidation: true });
    expect(Object.keys(builderFuses())).toHaveLength(PACKAGE_FUSES.length);
    expect(builderConfig('darwin', {}).electronFuses).toEqual(builderFuses());
  });
});

describe('signing and notarisation', () => {
  it('are skipped, each with one line, without credentials', () => {
    expect(signingPlan('darwin', {})).toEqual({ sign: false, notarize: false, skipped: [expect.stringMatching(/^Code signing skipped: CSC_LINK/), expect.stringMatching(/^Notarisation skipped/)] });
    expect(builderConfig('darwin', {}).mac).toMatchObject({ identity: null, notarize: false });
    expect(signingPlan('win32', {})).toEqual({ sign: false, notarize: false, skipped: [expect.stringMatching(/^Code signing skipped: WIN_CSC_LINK/)] });
    expect(signingPlan('linux', ALL_CREDENTIALS).skipped).toHaveLength(1);
  });

  it('use the certificate and Apple credentials the environment gives', () => {
    expect(signingPlan('darwin', ALL_CREDENTIALS)).toEqual({ sign: true, notarize: true, skipped: [] });
    expect(builderConfig('darwin', ALL_CREDENTIALS).mac).not.toHaveProperty('identity');
    expect(builderConfig('darwin', ALL_CREDENTIALS).mac?.notarize).toBe(true);
    expect(signingPlan('darwin', { CSC_LINK: 'c.p12', APPLE_ID: 'me' })).toMatchObject({ sign: true, notarize: false });
    expect(signingPlan('win32', { WIN_CSC_LINK: 'win.p12' })).toEqual({ sign: true, notarize: false, skipped: [] });
  });
});

describe('npm run dist’s flags', () => {
  it('are electron-builder’s platform flags with their targets', () => {
    expect(distTargets([])).toEqual({});
    expect(distTargets(['--linux', 'dir'])).toEqual({ linux: ['dir'] });
    expect(distTargets(['--linux', 'AppImage', 'deb', '--x64'])).toEqual({ linux: ['AppImage', 'deb'], x64: true });
    expect(distTargets(['--win', '--mac'])).toEqual({ win: [], mac: [] });
    expect(() => distTargets(['dir'])).toThrow(/unknown option dir/);
  });
});
