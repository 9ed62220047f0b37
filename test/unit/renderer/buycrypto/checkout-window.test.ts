// Whether a checkout tab opened: in Electron window.open always answers null (main hands the URL to
// the system browser), in a browser null means a pop-up blocker stopped it.
import { describe, expect, it } from 'vitest';
import { openCheckout } from '../../../../renderer/src/modules/buycrypto/checkout-window';

const URL = 'http://127.0.0.1:9/checkout/0123456789abcdef0123456789abcdef';

describe('openCheckout', () => {
  it('asks for a new tab and cuts the tab\'s handle on this page', () => {
    const asked: string[] = [];
    const tab = { opener: 'this page' as unknown };
    expect(openCheckout(URL, 'web', (url, target) => (asked.push(`${url} ${target}`), tab))).toBe('opened');
    expect(asked).toEqual([`${URL} _blank`]);
    expect(tab.opener).toBeNull();
  });

  it('reads null as blocked in a browser, and as handed to the system browser in Electron', () => {
    expect(openCheckout(URL, 'web', () => null)).toBe('blocked');
    expect(openCheckout(URL, undefined, () => null)).toBe('blocked');
    expect(openCheckout(URL, 'electron', () => null)).toBe('opened');
  });
});
