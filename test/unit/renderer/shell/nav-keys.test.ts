// Every section has its own go key, and the window title names the page.
import { describe, expect, it } from 'vitest';
import { GO_KEY_OF } from '../../../../renderer/src/modules/shell/go-keys';
import { pageTitle } from '../../../../renderer/src/modules/shell/page-focus';

describe('go keys', () => {
  it('give each page one distinct single key', () => {
    const keys = Object.values(GO_KEY_OF);
    expect(keys).toHaveLength(12);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => key.length === 1 && key === key.toLowerCase())).toBe(true);
  });
});

describe('pageTitle', () => {
  it('names the page, then the app', () => {
    expect(pageTitle('Wallet')).toBe('Wallet — Coffer');
    expect(pageTitle(undefined)).toBe('Coffer');
  });
});
