// Session and navigation hardening with Electron stood in (no Electron binary here): the CSP goes
// out as a response header, permissions are denied (but notifications for our own renderer),
// foreign navigation and new windows are refused, and only allow-listed https links and the
// checkout pages core registered reach the system browser.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron, FakeSession, FakeWebContents, openExternalSpy } from './fake-electron';

vi.mock('electron', () => ({ ...fakeElectron, BrowserWindow: class {}, session: { defaultSession: new FakeSession() } }));
const { guardNavigation, hardenSession } = await import('../../../main/electron/window');
const { contentSecurityPolicy } = await import('../../../main/electron/policy');
const { CheckoutLinks } = await import('../../../main/core/buycrypto/checkout-links');

const renderer = {};

describe('hardenSession', () => {
  it('adds the CSP header to every response and keeps the others', () => {
    const session = new FakeSession();
    hardenSession(renderer, session as never);
    let reply: unknown;
    session.headersListener?.({ responseHeaders: { 'X-Other': ['1'] } }, (r) => (reply = r));
    expect(reply).toEqual({ responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [contentSecurityPolicy()] } });
  });

  it('denies every permission request and check but notifications for our own renderer', () => {
    const session = new FakeSession();
    hardenSession(renderer, session as never);
    const own = 'app://coffer/index.html#/buy';
    const page = (url: string) => ({ getURL: () => url });
    const ask = (permission: string, url: string) => {
      let granted: boolean | undefined;
      session.permissionRequest?.(page(url), permission, (answer) => (granted = answer), { requestingUrl: url });
      return [granted, session.permissionCheck?.(page(url), permission, new URL(url).origin, {})];
    };
    expect(ask('notifications', own)).toEqual([true, true]);
    expect(ask('notifications', 'https://attacker.example/')).toEqual([false, false]);
    for (const permission of ['media', 'geolocation', 'clipboard-read', 'openExternal']) {
      expect(ask(permission, own), permission).toEqual([false, false]);
    }
    expect(session.permissionCheck?.(null, 'notifications', 'app://coffer', {})).toBe(false);
  });
});

describe('guardNavigation', () => {
  let contents: FakeWebContents;
  beforeEach(() => {
    contents = new FakeWebContents();
    openExternalSpy.mockClear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    guardNavigation(contents as never, renderer);
  });

  const navigate = (url: string) => {
    const event = { preventDefault: vi.fn() };
    contents.fire('will-navigate', event, url);
    return event.preventDefault.mock.calls.length > 0;
  };

  it('lets the app move between its own routes', () => {
    expect(navigate('app://coffer/index.html#/profiles')).toBe(false);
  });

  it('stops navigation elsewhere, sending allow-listed https links to the browser', async () => {
    expect(navigate('https://github.com/coffer')).toBe(true);
    expect(navigate('https://attacker.example/')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('file:///app/out/renderer/index.html')).toBe(true);
    await Promise.resolve();
    expect(openExternalSpy.mock.calls).toEqual([['https://github.com/coffer']]);
  });

  it('sends a checkout page core registered to the browser, and no other loopback page', async () => {
    const links = new CheckoutLinks();
    const checkout = `http://127.0.0.1:4100/checkout/${'ab'.repeat(16)}`;
    links.register(checkout);
    const guarded = new FakeWebContents();
    guardNavigation(guarded as never, renderer, links);
    guarded.windowOpenHandler?.({ url: checkout });
    guarded.windowOpenHandler?.({ url: 'http://127.0.0.1:4100/api/3/wallet/balance' });
    contents.windowOpenHandler?.({ url: checkout });
    await Promise.resolve();
    expect(openExternalSpy.mock.calls).toEqual([[checkout]]);
  });

  it('denies every new window', () => {
    expect(contents.windowOpenHandler?.({ url: 'https://github.com/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'https://attacker.example/' })).toEqual({ action: 'deny' });
  });

  it('refuses webviews', () => {
    const event = { preventDefault: vi.fn() };
    contents.fire('will-attach-webview', event);
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
