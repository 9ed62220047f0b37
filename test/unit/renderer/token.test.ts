import { describe, expect, it } from 'vitest';
import { contractSocketUrl, takeHostToken, tokenFromHash } from '../../../renderer/src/bridge/token';

function fakePage(hash: string, stored: string | null = null) {
  const storage = new Map<string, string>(stored ? [['coffer.hostToken', stored]] : []);
  const replaced: string[] = [];
  return {
    sources: {
      location: { hash, pathname: '/', search: '' },
      history: { state: null, replaceState: (_data: unknown, _unused: string, url?: string | null) => void replaced.push(url ?? '') },
      storage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value) },
    },
    storage,
    replaced,
  };
}

describe('tokenFromHash', () => {
  it.each([
    ['#token=abc_DEF-123', 'abc_DEF-123'],
    ['#token=abc&x=1', 'abc'],
    ['token=abc', 'abc'],
    ['#/profiles', null],
    ['#token=', null],
    ['', null],
  ])('%s -> %s', (hash, expected) => expect(tokenFromHash(hash)).toBe(expected));
});

describe('takeHostToken', () => {
  it('takes the token from the hash, keeps it for reloads, and clears it from the address bar', () => {
    const page = fakePage('#token=t1');
    expect(takeHostToken(page.sources)).toBe('t1');
    expect(page.storage.get('coffer.hostToken')).toBe('t1');
    expect(page.replaced).toEqual(['/']);
  });

  it('falls back to this tab’s stored token on a reload, leaving the address alone', () => {
    const page = fakePage('#/profiles', 'stored');
    expect(takeHostToken(page.sources)).toBe('stored');
    expect(page.replaced).toEqual([]);
  });

  it('a new link replaces the stored token', () => {
    const page = fakePage('#token=new', 'old');
    expect(takeHostToken(page.sources)).toBe('new');
    expect(page.storage.get('coffer.hostToken')).toBe('new');
  });

  it('gives null when there is no token anywhere', () => {
    expect(takeHostToken(fakePage('').sources)).toBeNull();
  });
});

describe('contractSocketUrl', () => {
  it('uses the page’s own host and escapes the token', () => {
    expect(contractSocketUrl({ protocol: 'http:', host: '127.0.0.1:4000' }, '/contract', 'a+b/c')).toBe(
      'ws://127.0.0.1:4000/contract?token=a%2Bb%2Fc',
    );
    expect(contractSocketUrl({ protocol: 'https:', host: 'h' }, '/contract', 't')).toBe('wss://h/contract?token=t');
  });
});
