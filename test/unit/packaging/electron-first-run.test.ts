// The first run's decisions about Electron: when to download it, with which environment, how a
// failed download is told in one line, and where the Electron builds of the native modules go
// (the folder the app's loader looks in).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronBuildFolder } from '../../../main/native/native-addons';
import { browserFallbackLine, downloadRefusedByUser, fetchElectron, fetchEnv, fetchFailureReason, findElectron, silentServer } from '../../../scripts/electron-binary.mjs';
import { addonAbi, ELECTRON_ADDONS, electronBuildEnv, electronNativeDir, installedElectron, missingElectronAddons } from '../../../scripts/electron-natives.mjs';

const ROOT = resolve(__dirname, '../../..');

function listening(server: Server | ReturnType<typeof createHttpServer>): Promise<number> {
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)));
}

describe('the Electron download of the first run', () => {
  it('is skipped only when the user set ELECTRON_SKIP_BINARY_DOWNLOAD to something other than 0', () => {
    expect(downloadRefusedByUser({})).toBe(false);
    expect(downloadRefusedByUser({ ELECTRON_SKIP_BINARY_DOWNLOAD: '' })).toBe(false);
    expect(downloadRefusedByUser({ ELECTRON_SKIP_BINARY_DOWNLOAD: '0' })).toBe(false);
    expect(downloadRefusedByUser({ ELECTRON_SKIP_BINARY_DOWNLOAD: '1' })).toBe(true);
    expect(downloadRefusedByUser({ ELECTRON_SKIP_BINARY_DOWNLOAD: 'true' })).toBe(true);
  });

  it('runs electron’s install script with the user’s mirror, its proxy turned on, and no skip', () => {
    const plain = fetchEnv({ ELECTRON_MIRROR: 'https://mirror.example/', ELECTRON_SKIP_BINARY_DOWNLOAD: '0' });
    expect(plain).toEqual({ ELECTRON_MIRROR: 'https://mirror.example/' });
    expect(fetchEnv({ HTTPS_PROXY: 'http://proxy:3128' })).toEqual({ HTTPS_PROXY: 'http://proxy:3128', ELECTRON_GET_USE_PROXY: '1' });
    expect(fetchEnv({ http_proxy: 'http://proxy:3128' }).ELECTRON_GET_USE_PROXY).toBe('1');
    expect(fetchEnv({ HTTPS_PROXY: 'http://proxy:3128', ELECTRON_GET_USE_PROXY: 'yes' }).ELECTRON_GET_USE_PROXY).toBe('yes');
  });

  it('tells a failed download by the first line of its error, without the stack', () => {
    const output = [
      'HTTPError: Response code 403 (Forbidden) for http://127.0.0.1:9/v41.7.1/electron-v41.7.1-linux-x64.zip',
      '    at Request.<anonymous> (/x/node_modules/got/dist/source/as-promise/index.js:118:42)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    ].join('\n');
    expect(fetchFailureReason(output, 1)).toBe('HTTPError: Response code 403 (Forbidden) for http://127.0.0.1:9/v41.7.1/electron-v41.7.1-linux-x64.zip');
    expect(fetchFailureReason('\nsomething odd happened\n', 1)).toBe('something odd happened');
    expect(fetchFailureReason('', 7)).toBe('the install script exited with code 7');
    expect(browserFallbackLine('why')).toBe('The desktop window cannot open here (why); opening Coffer in your browser instead');
  });

  it('gives up on a download server that says nothing at all, before electron’s install script runs', async () => {
    const heard: string[] = [];
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => {
      sockets.push(socket);
      socket.on('data', (chunk) => heard.push(chunk.toString()));
    });
    const cache = mkdtempSync(join(tmpdir(), 'coffer-electron-cache-'));
    try {
      const port = await listening(silent);
      const env = { ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, electron_config_cache: cache };
      const fetched = await fetchElectron(ROOT, env, 60_000, 300);
      expect(fetched).toEqual({ ok: false, reason: `Electron's download failed: 127.0.0.1:${port} did not answer within 0.3 s` });
      // Asked once whether it is there; the script's download (GET …/electron-v….zip) never left.
      expect(heard.join('')).toMatch(/^HEAD \/ HTTP/);
      expect(heard.join('')).not.toContain('electron-v');
    } finally {
      sockets.forEach((socket) => socket.destroy());
      silent.close();
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it('leaves a server that answers, whatever it says, and a proxied download, to the install script', async () => {
    const refusing = createHttpServer((_request, response) => response.writeHead(403).end());
    try {
      const port = await listening(refusing);
      expect(await silentServer({ ELECTRON_MIRROR: `http://127.0.0.1:${port}/` }, 2_000)).toBeNull();
    } finally {
      refusing.close();
    }
    // Through a proxy the server cannot be asked directly: nothing is concluded, even of a silent one.
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    try {
      const port = await listening(silent);
      expect(await silentServer({ ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, HTTPS_PROXY: 'http://127.0.0.1:9' }, 300)).toBeNull();
      expect(sockets).toHaveLength(0);
    } finally {
      silent.close();
    }
  });

  it('finds no binary in a project where electron was installed without one', () => {
    expect(findElectron('/nowhere')).toEqual({ reason: 'the electron package is not installed' });
  });
});

describe('the Electron builds of the native modules', () => {
  it('go in the folder the app loads them from under that Electron', () => {
    const { version, abi } = installedElectron(ROOT);
    expect(JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')).version).toBe(version);
    const loaded = electronBuildFolder({ versions: { electron: version, modules: abi }, platform: 'linux', arch: 'arm64' });
    expect(electronNativeDir('/project', abi, 'linux', 'arm64')).toBe(join('/project/native', loaded ?? ''));
  });

  it('are each named as the loader asks for them, and counted missing one by one', () => {
    expect(ELECTRON_ADDONS.map((addon) => addon.file)).toEqual(['better_sqlite3.node', 'keytar.node']);
    expect(missingElectronAddons('/dir', () => false)).toEqual(['better-sqlite3', 'keytar']);
    expect(missingElectronAddons('/dir', (path) => path === '/dir/keytar.node')).toEqual(['better-sqlite3']);
    expect(missingElectronAddons('/dir', () => true)).toEqual([]);
  });

  it('are checked for the ABI they register, so a build against Node’s headers is not taken for Electron’s', () => {
    const resolveBuild = (file: string) => createRequire(__filename).resolve(file);
    expect(addonAbi(readFileSync(resolveBuild('better-sqlite3/build/Release/better_sqlite3.node')))).toBe(process.versions.modules);
    expect(addonAbi(readFileSync(resolveBuild('keytar/build/Release/keytar.node')))).toBe('napi');
    expect(addonAbi(Buffer.from('no addon here'))).toBeNull();
  });

  it('are built without npm’s nodedir, which points node-gyp at Node’s headers', () => {
    expect(electronBuildEnv({ npm_config_nodedir: '/usr', NPM_CONFIG_NODEDIR: '/usr', PATH: '/bin' })).toEqual({ PATH: '/bin' });
  });
});
