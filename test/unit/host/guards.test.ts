// The web host's admission rules and static path resolution, as plain functions.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createToken,
  isAllowedHost,
  isAllowedHttpOrigin,
  isAllowedOrigin,
  launchUrl,
  tokenMatches,
} from '../../../main/host/guards';
import { browserCommand } from '../../../main/host/open-browser';
import { resolveStaticPath } from '../../../main/electron/renderer-files';

describe('tokens', () => {
  it('are 256-bit, base64url, and fresh each time', () => {
    const [a, b] = [createToken(), createToken()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('match only exactly', () => {
    const token = createToken();
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(`${token}x`, token)).toBe(false);
    expect(tokenMatches(token.slice(1), token)).toBe(false);
    expect(tokenMatches('', token)).toBe(false);
    expect(tokenMatches(null, token)).toBe(false);
    expect(tokenMatches(undefined, token)).toBe(false);
  });
});

describe('Host and Origin', () => {
  it('accept only the loopback names on our port', () => {
    expect(isAllowedHost('127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedHost('localhost:4000', 4000)).toBe(true);
    expect(isAllowedHost('LOCALHOST:4000', 4000)).toBe(true);
    for (const host of ['127.0.0.1:4001', '127.0.0.1', 'attacker.example:4000', '0.0.0.0:4000', '[::1]:4000', undefined]) {
      expect(isAllowedHost(host, 4000), String(host)).toBe(false);
    }
  });

  it('require our own Origin on the socket, and allow none on plain navigations', () => {
    expect(isAllowedOrigin('http://127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4000', 4000)).toBe(true);
    for (const origin of ['https://127.0.0.1:4000', 'http://127.0.0.1:4001', 'null', 'http://attacker.example', undefined]) {
      expect(isAllowedOrigin(origin, 4000), String(origin)).toBe(false);
    }
    expect(isAllowedHttpOrigin(undefined, 4000)).toBe(true);
    expect(isAllowedHttpOrigin('http://attacker.example', 4000)).toBe(false);
  });

  it('build the launch URL the e2e fixture greps for', () => {
    const token = createToken();
    expect(launchUrl(4000, token)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+$/);
  });
});

describe('resolveStaticPath', () => {
  const root = '/srv/renderer';
  it('maps paths inside the root', () => {
    expect(resolveStaticPath(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveStaticPath(root, '/assets/a.js')).toBe(join(root, 'assets/a.js'));
  });

  it('keeps traversal attempts, encoded or not, inside the root', () => {
    for (const path of ['/../etc/passwd', '/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc', '/..\\..\\etc']) {
      const resolved = resolveStaticPath(root, path);
      expect(resolved === null || resolved.startsWith(`${root}/`), path).toBe(true);
    }
  });

  it('refuses NUL bytes and broken escapes', () => {
    expect(resolveStaticPath(root, '/a%00.js')).toBeNull();
    expect(resolveStaticPath(root, '/%E0%A4%A')).toBeNull();
  });
});

describe('browserCommand', () => {
  it('uses the platform opener', () => {
    expect(browserCommand('http://x', 'linux')).toEqual(['xdg-open', ['http://x']]);
    expect(browserCommand('http://x', 'darwin')).toEqual(['open', ['http://x']]);
    expect(browserCommand('http://x', 'win32')[0]).toBe('cmd');
  });
});
