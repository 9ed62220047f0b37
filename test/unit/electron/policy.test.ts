// The shell's security decisions, tested under Node: CSP, own-renderer URL checks (exactly
// app://coffer/index.html, or the dev server in dev), and which external links may reach the
// system browser.
import { describe, expect, it } from 'vitest';
import {
  APP_PAGE_URL,
  contentSecurityPolicy,
  externalUrlToOpen,
  isOwnRendererUrl,
  rendererEntryUrl,
  rendererLocation,
  SECURE_WEB_PREFERENCES,
} from '../../../main/electron/policy';

describe('contentSecurityPolicy', () => {
  it('allows only our own scripts and connections, with inline styles for naive-ui', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:|\*/);
  });

  it('adds only the given connect sources', () => {
    expect(contentSecurityPolicy(['ws://127.0.0.1:5000'])).toContain("connect-src 'self' ws://127.0.0.1:5000;");
  });
});

describe('isOwnRendererUrl', () => {
  const built = {};

  it('accepts exactly the app:// page of the built renderer, with any hash route', () => {
    expect(APP_PAGE_URL).toBe('app://coffer/index.html');
    expect(isOwnRendererUrl('app://coffer/index.html', built)).toBe(true);
    expect(isOwnRendererUrl('app://coffer/index.html#/profiles', built)).toBe(true);
    expect(rendererEntryUrl(built)).toBe(APP_PAGE_URL);
  });

  it('refuses file:// pages, other app:// hosts and files, lookalikes and garbage', () => {
    for (const url of [
      'file:///opt/coffer/out/renderer/index.html',
      'file:///etc/passwd',
      'file://coffer/index.html',
      'app://other/index.html',
      'app://coffer.evil/index.html',
      'app://evil.coffer/index.html',
      'app://coffer:8080/index.html',
      'app://user@coffer/index.html',
      'app://coffer@evil/index.html',
      'app://coffer/other.html',
      'app://coffer/assets/icon.svg',
      'app://coffer/index.html?next=1',
      'apps://coffer/index.html',
      'http://coffer/index.html',
      'https://coffer/index.html',
      'https://app.coffer/index.html',
      'https://attacker.example/app://coffer/index.html',
      'http://localhost:5173/',
      'about:blank',
      '',
      'not a url',
    ]) {
      expect(isOwnRendererUrl(url, built), url).toBe(false);
    }
  });

  it('accepts the dev server origin only when running in dev, and then nothing else', () => {
    const dev = { devUrl: 'http://localhost:5173' };
    expect(rendererEntryUrl(dev)).toBe('http://localhost:5173');
    expect(isOwnRendererUrl('http://localhost:5173/#/profiles', dev)).toBe(true);
    expect(isOwnRendererUrl('http://localhost:5173/#/profiles', built)).toBe(false);
    expect(isOwnRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isOwnRendererUrl('https://localhost:5173/', dev)).toBe(false);
    expect(isOwnRendererUrl('http://localhost.attacker.example:5173/', dev)).toBe(false);
    expect(isOwnRendererUrl('app://coffer/index.html', dev)).toBe(false);
  });
});

describe('rendererLocation', () => {
  const devServer = { ELECTRON_RENDERER_URL: 'http://localhost:5173' };

  it('is the app:// page in a packaged build, whatever ELECTRON_RENDERER_URL says', () => {
    expect(rendererLocation(true, devServer)).toEqual({});
    expect(rendererEntryUrl(rendererLocation(true, devServer))).toBe(APP_PAGE_URL);
    expect(rendererLocation(true, {})).toEqual({});
  });

  it('is electron-vite’s dev server when unpackaged, on loopback only', () => {
    expect(rendererLocation(false, devServer)).toEqual({ devUrl: 'http://localhost:5173' });
    expect(rendererLocation(false, { ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' })).toEqual({ devUrl: 'http://127.0.0.1:5173/' });
    expect(rendererLocation(false, {})).toEqual({});
    for (const url of ['https://attacker.example/', 'http://192.168.1.5:5173', 'file:///tmp/index.html', 'not a url']) {
      expect(rendererLocation(false, { ELECTRON_RENDERER_URL: url }), url).toEqual({});
    }
  });
});

describe('externalUrlToOpen', () => {
  it('passes https links to allow-listed hosts', () => {
    expect(externalUrlToOpen('https://github.com/coffer/issues')).toBe('https://github.com/coffer/issues');
    expect(externalUrlToOpen('https://docs.example/', ['docs.example'])).toBe('https://docs.example/');
  });

  it('refuses other schemes, hosts, ports and credentials', () => {
    for (const url of [
      'http://github.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://github.com/share',
      'https://github.com.attacker.example/',
      'https://attacker.example/?https://github.com/',
      'https://github.com:8443/',
      'https://user:pass@github.com/',
      'not a url',
    ]) {
      expect(externalUrlToOpen(url), url).toBeNull();
    }
  });
});

describe('SECURE_WEB_PREFERENCES', () => {
  it('isolate and sandbox the renderer, without Node, with web security on', () => {
    expect(SECURE_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});
