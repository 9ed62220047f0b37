// The app:// scheme: which file a request gets (only inside the renderer folder, however the path
// is encoded; unknown files are 404), and the handler Electron calls, stood in here (no Electron
// binary): privileged as a standard secure scheme, every answer carrying the CSP.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appFileFor } from '../../../main/electron/app-files';
import { contentSecurityPolicy } from '../../../main/electron/policy';

type Handler = (request: { url: string }) => Promise<Response>;
const handlers = new Map<string, Handler>();
const privileged: unknown[] = [];
vi.mock('electron', () => ({
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => privileged.push(...schemes),
    handle: (scheme: string, handler: Handler) => handlers.set(scheme, handler),
  },
}));
const { registerAppScheme, serveAppScheme } = await import('../../../main/electron/app-protocol');

let root: string;
let rendererDir: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'coffer-app-scheme-'));
  rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Coffer</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'outside the renderer');
  writeFileSync(join(root, 'renderer-other.txt'), 'a sibling folder sharing the prefix');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('appFileFor', () => {
  it('maps app://coffer paths to files in the renderer folder, with their types', async () => {
    expect(await appFileFor(rendererDir, 'app://coffer/index.html')).toEqual({
      found: true,
      path: join(rendererDir, 'index.html'),
      contentType: 'text/html; charset=utf-8',
    });
    expect(await appFileFor(rendererDir, 'app://coffer/')).toMatchObject({ found: true, path: join(rendererDir, 'index.html') });
    expect(await appFileFor(rendererDir, 'app://coffer/assets/app.js?v=1#x')).toMatchObject({
      found: true,
      contentType: 'text/javascript; charset=utf-8',
    });
  });

  it('refuses every path that would leave the folder, plain or encoded', async () => {
    for (const url of [
      'app://coffer/../secret.txt',
      'app://coffer/%2e%2e/secret.txt',
      'app://coffer/assets/..%2f..%2fsecret.txt',
      'app://coffer/..%2fsecret.txt',
      'app://coffer/%2e%2e%2fsecret.txt',
      'app://coffer/..%2frenderer-other.txt',
      'app://coffer/%252e%252e%252fsecret.txt',
      'app://coffer/index.html%00.js',
      'app://coffer/%E0%A4%A',
    ]) {
      const file = await appFileFor(rendererDir, url);
      expect(file.found, url).toBe(false);
      if (file.found) continue;
      expect([400, 404], url).toContain(file.status);
    }
  });

  it('answers 404 for unknown files, folders and other hosts', async () => {
    for (const url of [
      'app://coffer/missing.js',
      'app://coffer/assets',
      'app://coffer/profiles',
      'app://other/index.html',
      'app://coffer.evil/index.html',
      'file:///index.html',
    ]) {
      expect(await appFileFor(rendererDir, url), url).toMatchObject({ found: false, status: 404 });
    }
    expect(await appFileFor(rendererDir, 'not a url')).toMatchObject({ found: false, status: 400 });
  });
});

describe('the app:// handler', () => {
  it('registers app as a standard, secure scheme', () => {
    registerAppScheme();
    expect(privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });

  it('serves the page with the CSP header, and refuses the rest with it too', async () => {
    serveAppScheme(rendererDir);
    const handle = handlers.get('app');
    const page = await handle?.({ url: 'app://coffer/index.html' });
    expect(page?.status).toBe(200);
    expect(page?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page?.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(await page?.text()).toContain('<title>Coffer</title>');
    const escape = await handle?.({ url: 'app://coffer/..%2fsecret.txt' });
    expect(escape?.status).toBe(404);
    expect(await escape?.text()).not.toContain('outside the renderer');
    const missing = await handle?.({ url: 'app://coffer/missing.js' });
    expect(missing?.status).toBe(404);
    expect(missing?.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
  });
});
