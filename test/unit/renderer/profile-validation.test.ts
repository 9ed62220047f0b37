import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../preload/contract';
import {
  checkProfileDraft,
  secretRuleFor,
  type ProfileDraft,
} from '../../../renderer/src/modules/profiles/profile-validation';

const good: ProfileDraft = {
  name: '  Treasury  ',
  apiVersion: '3',
  restUrl: ' https://api.example.com ',
  streamUrl: 'wss://api.example.com',
  authMethod: 'HS256',
  publicKey: ' pk ',
  secretKey: 's3cret',
  sharedAccount: false,
};

describe('checkProfileDraft', () => {
  it('accepts a complete draft and trims what the user typed around the values', () => {
    expect(checkProfileDraft(good, 'required')).toEqual({
      ok: true,
      input: {
        name: 'Treasury',
        apiVersion: '3',
        restUrl: 'https://api.example.com',
        streamUrl: 'wss://api.example.com',
        authMethod: 'HS256',
        publicKey: 'pk',
        secretKey: 's3cret',
        sharedAccount: false,
      },
    });
    expect(checkProfileDraft({ ...good, sharedAccount: true }, 'required')).toMatchObject({ ok: true, input: { sharedAccount: true } });
  });

  it('names every missing field with its own message', () => {
    const empty: ProfileDraft = { ...good, name: ' ', restUrl: '', streamUrl: '', publicKey: '', secretKey: '' };
    expect(checkProfileDraft(empty, 'required')).toEqual({
      ok: false,
      errors: {
        name: 'Enter a name',
        restUrl: 'Enter an http:// or https:// URL',
        streamUrl: 'Enter a ws:// or wss:// URL',
        publicKey: 'Enter the public key',
        secretKey: 'Enter the secret key',
      },
    });
  });

  it('on edit, an empty secret keeps the stored one and is left out of the request', () => {
    const result = checkProfileDraft({ ...good, secretKey: '' }, 'keep');
    expect(result.ok).toBe(true);
    expect(result.ok && 'secretKey' in result.input).toBe(false);
  });

  it('refuses URLs of the wrong kind on the field they belong to', () => {
    const result = checkProfileDraft({ ...good, restUrl: 'wss://x.example', streamUrl: 'https://x.example' }, 'required');
    expect(result).toEqual({
      ok: false,
      errors: { restUrl: 'Must be an http:// or https:// URL', streamUrl: 'Must be a ws:// or wss:// URL' },
    });
  });

  it('refuses an API version or auth method outside the contract lists', () => {
    const result = checkProfileDraft({ ...good, apiVersion: '4', authMethod: 'MD5' }, 'required');
    expect(result).toEqual({ ok: false, errors: { apiVersion: 'Choose API version 3 or 2', authMethod: 'Choose HS256 or BASIC' } });
  });

  it('refuses over-long names and a secret with stray spaces', () => {
    const result = checkProfileDraft({ ...good, name: 'n'.repeat(81), secretKey: ' s3cret\n' }, 'required');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.name).toBe('Keep the name under 80 characters');
    expect(!result.ok && result.errors.secretKey).toMatch(/starts or ends with a space/);
  });
});

describe('endpoints in the form', () => {
  it('refuses plain http and ws to another computer on their own fields, and accepts them on loopback', () => {
    const result = checkProfileDraft({ ...good, restUrl: 'http://api.example.com', streamUrl: 'ws://api.example.com' }, 'required');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.restUrl).toMatch(/^Use https:\/\/; unencrypted http:\/\/ is allowed only on this computer$/);
    expect(!result.ok && result.errors.streamUrl).toMatch(/^Use wss:\/\/; unencrypted ws:\/\/ is allowed only on this computer$/);
    expect(!result.ok && result.errors.authMethod).toBeUndefined();
    expect(checkProfileDraft({ ...good, restUrl: 'http://127.0.0.1:8080', streamUrl: 'ws://localhost:8080' }, 'required').ok).toBe(true);
  });

  it('keeps credentials out of URLs without repeating them', () => {
    const result = checkProfileDraft({ ...good, restUrl: 'https://user:pw-SECRET@api.example.com' }, 'required');
    expect(result).toEqual({ ok: false, errors: { restUrl: 'Leave credentials out of the URL; the key fields hold them' } });
  });

  it('lets Basic through over TLS and on loopback, and reports a plain remote URL once, on its own field', () => {
    const plain = checkProfileDraft({ ...good, authMethod: 'BASIC', restUrl: 'http://api.example.com' }, 'required');
    expect(!plain.ok && Object.keys(plain.errors)).toEqual(['restUrl']);
    expect(checkProfileDraft({ ...good, authMethod: 'BASIC' }, 'required').ok).toBe(true);
    expect(checkProfileDraft({ ...good, authMethod: 'BASIC', restUrl: 'http://[::1]:9', streamUrl: 'ws://127.0.0.1:9' }, 'required').ok).toBe(true);
  });
});

describe('hidden characters in the form', () => {
  it('refuses control and text-direction characters in the name and the public key', () => {
    const result = checkProfileDraft({ ...good, name: 'Pay\u202Eroll', publicKey: 'pk\u0007' }, 'required');
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'The name contains an invisible text-direction mark (U+202E); type it again without it',
        publicKey: 'The public key contains an invisible control character (U+0007); type it again without it',
      },
    });
  });
});

describe('the secret on a host move', () => {
  const stored: Profile = {
    id: 'p1', name: 'Treasury', apiVersion: '3', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com',
    authMethod: 'HS256', publicKey: 'pk', hasSecret: true, builtIn: false, rights: null, sharedAccount: false, createdAt: '', updatedAt: '',
  };
  const edit: ProfileDraft = { ...good, restUrl: stored.restUrl, streamUrl: stored.streamUrl, secretKey: '' };

  it('asks for a secret when creating, keeps it on the same host, asks again for another host', () => {
    expect(secretRuleFor(null, edit)).toBe('required');
    expect(secretRuleFor(stored, { ...edit, restUrl: ' https://api.example.com/v3 ' })).toBe('keep');
    expect(secretRuleFor(stored, { ...edit, restUrl: 'https://api.example.net' })).toBe('again');
    expect(secretRuleFor(stored, { ...edit, streamUrl: 'wss://api.example.com:9443' })).toBe('again');
  });

  it('refuses the move without the secret, on the secret field, and accepts it with one', () => {
    const moved = { ...edit, restUrl: 'https://api.example.net' };
    expect(checkProfileDraft(moved, 'again')).toEqual({
      ok: false,
      errors: { secretKey: 'Enter the secret again: the stored secret is never sent to a new host' },
    });
    expect(checkProfileDraft({ ...moved, secretKey: 'typed-again' }, 'again')).toMatchObject({ ok: true, input: { secretKey: 'typed-again' } });
  });
});
