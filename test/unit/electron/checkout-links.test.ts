// The checkout pages the shell may open: only those the service gave (registered by core), an
// https provider host as a whole, the sandbox's loopback page only as its exact origin and
// /checkout/<32 hex> path; and the one permission granted, notifications for our own renderer.
import { describe, expect, it } from 'vitest';
import { CheckoutLinks } from '../../../main/core/buycrypto/checkout-links';
import { externalUrlToOpen, isPermissionGranted } from '../../../main/electron/policy';

const TOKEN = '0123456789abcdef0123456789abcdef';
const open = (links: CheckoutLinks, url: string) => externalUrlToOpen(url, undefined, links);

describe('CheckoutLinks with externalUrlToOpen', () => {
  it('admits nothing before the service gave a checkout URL', () => {
    const links = new CheckoutLinks();
    expect(open(links, `http://127.0.0.1:4100/checkout/${TOKEN}`)).toBeNull();
    expect(open(links, 'https://pay.provider.example/checkout/1')).toBeNull();
    expect(open(links, 'https://github.com/coffer')).toBe('https://github.com/coffer');
  });

  it('admits a registered provider host over https, any of its pages, and not its look-alikes', () => {
    const links = new CheckoutLinks();
    links.register('https://pay.provider.example/widget?order=12');
    expect(open(links, 'https://pay.provider.example/widget?order=13')).toBe('https://pay.provider.example/widget?order=13');
    for (const url of [
      'http://pay.provider.example/widget', 'https://pay.provider.example:8443/widget', 'https://evil.pay.provider.example/',
      'https://pay.provider.example.attacker.example/', 'https://user:pw@pay.provider.example/',
    ]) expect(open(links, url), url).toBeNull();
  });

  it('admits the loopback checkout only as its exact origin and checkout path', () => {
    const links = new CheckoutLinks();
    const checkout = `http://127.0.0.1:4100/checkout/${TOKEN}`;
    links.register(checkout);
    expect(open(links, checkout)).toBe(checkout);
    expect(open(links, `http://127.0.0.1:4100/checkout/${'f'.repeat(32)}`)).toBe(`http://127.0.0.1:4100/checkout/${'f'.repeat(32)}`);
    for (const url of [
      `http://127.0.0.1:4101/checkout/${TOKEN}`, `http://localhost:4100/checkout/${TOKEN}`, `http://127.0.0.1:4100/checkout/${TOKEN}/pay`,
      'http://127.0.0.1:4100/api/3/wallet/balance', `http://127.0.0.1:4100/checkout/${TOKEN}?x=1`, `https://127.0.0.1:4100/checkout/${TOKEN}`,
      `http://127.0.0.1:4100/checkout/${TOKEN.toUpperCase()}`,
    ]) expect(open(links, url), url).toBeNull();
  });

  it('ignores what is neither https nor a loopback checkout page', () => {
    const links = new CheckoutLinks();
    for (const url of [`http://pay.example/checkout/${TOKEN}`, `http://10.0.0.2/checkout/${TOKEN}`, 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) links.register(url);
    links.register(null);
    for (const url of [`http://pay.example/checkout/${TOKEN}`, `http://10.0.0.2/checkout/${TOKEN}`, 'file:///etc/passwd']) expect(open(links, url), url).toBeNull();
  });

  it('takes the other loopback spellings the same way', () => {
    const links = new CheckoutLinks();
    links.register(`http://[::1]:4100/checkout/${TOKEN}`);
    links.register(`http://localhost:4200/checkout/${TOKEN}`);
    expect(open(links, `http://[::1]:4100/checkout/${TOKEN}`)).toBe(`http://[::1]:4100/checkout/${TOKEN}`);
    expect(open(links, `http://localhost:4200/checkout/${TOKEN}`)).toBe(`http://localhost:4200/checkout/${TOKEN}`);
  });
});

describe('isPermissionGranted', () => {
  it('grants notifications to our own renderer only, and nothing else to anybody', () => {
    expect(isPermissionGranted('notifications', 'app://coffer/index.html#/buy', {})).toBe(true);
    expect(isPermissionGranted('notifications', 'http://localhost:5173/#/buy', { devUrl: 'http://localhost:5173/' })).toBe(true);
    expect(isPermissionGranted('notifications', 'app://coffer/other.html', {})).toBe(false);
    expect(isPermissionGranted('notifications', 'https://pay.provider.example/', {})).toBe(false);
    for (const permission of ['media', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen']) {
      expect(isPermissionGranted(permission, 'app://coffer/index.html', {}), permission).toBe(false);
    }
  });
});

describe('explorer pages the currency list names, with externalUrlToOpen', () => {
  it('admits an https template\'s pages under its path before {tx}, and nothing else of the host', () => {
    const links = new CheckoutLinks();
    const page = 'https://explorer.example/eth/tx/0xabc';
    expect(open(links, page)).toBeNull();
    links.registerExplorer('https://explorer.example/eth/tx/{tx}');
    expect(open(links, page)).toBe(page);
    for (const url of [
      'https://explorer.example/eth/tx/', 'https://explorer.example/btc/tx/abc', 'https://explorer.example/', 'http://explorer.example/eth/tx/0xabc',
      'https://explorer.example:8443/eth/tx/0xabc', 'https://evil.explorer.example/eth/tx/0xabc', 'https://u:p@explorer.example/eth/tx/0xabc',
    ]) expect(open(links, url), url).toBeNull();
  });

  it('ignores templates that are not https or have no {tx}', () => {
    const links = new CheckoutLinks();
    for (const template of ['http://explorer.example/tx/{tx}', 'https://explorer.example/tx/', 'javascript:alert(1)//{tx}', 'https://explorer.example/tx?hash={tx}', '', null]) {
      links.registerExplorer(template);
    }
    expect(open(links, 'https://explorer.example/tx/abc')).toBeNull();
    expect(open(links, 'https://explorer.example/tx?hash=abc')).toBeNull();
  });
});
