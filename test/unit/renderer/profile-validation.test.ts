import { describe, expect, it } from 'vitest';
import { checkProfileDraft, urlProblem, type ProfileDraft } from '../../../renderer/src/modules/profiles/profile-validation';

const good: ProfileDraft = {
  name: '  Treasury  ',
  apiVersion: '3',
  restUrl: ' https://api.example.com ',
  streamUrl: 'wss://api.example.com',
  authMethod: 'HS256',
  publicKey: ' pk ',
  secretKey: 's3cret',
};

describe('checkProfileDraft', () => {
  it('accepts a complete draft and trims what the user typed around the values', () => {
    expect(checkProfileDraft(good, true)).toEqual({
      ok: true,
      input: {
        name: 'Treasury',
        apiVersion: '3',
        restUrl: 'https://api.example.com',
        streamUrl: 'wss://api.example.com',
        authMethod: 'HS256',
        publicKey: 'pk',
        secretKey: 's3cret',
      },
    });
  });

  it('names every missing field with its own message', () => {
    const empty: ProfileDraft = { ...good, name: ' ', restUrl: '', streamUrl: '', publicKey: '', secretKey: '' };
    expect(checkProfileDraft(empty, true)).toEqual({
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
    const result = checkProfileDraft({ ...good, secretKey: '' }, false);
    expect(result.ok).toBe(true);
    expect(result.ok && 'secretKey' in result.input).toBe(false);
  });

  it('refuses URLs of the wrong kind on the field they belong to', () => {
    const result = checkProfileDraft({ ...good, restUrl: 'wss://x.example', streamUrl: 'https://x.example' }, true);
    expect(result).toEqual({
      ok: false,
      errors: { restUrl: 'Must be an http:// or https:// URL', streamUrl: 'Must be a ws:// or wss:// URL' },
    });
  });

  it('refuses an API version or auth method outside the contract lists', () => {
    const result = checkProfileDraft({ ...good, apiVersion: '2', authMethod: 'MD5' }, true);
    expect(result).toEqual({ ok: false, errors: { apiVersion: 'Choose API version 3', authMethod: 'Choose HS256 or BASIC' } });
  });

  it('refuses over-long names and a secret with stray spaces', () => {
    const result = checkProfileDraft({ ...good, name: 'n'.repeat(81), secretKey: ' s3cret\n' }, true);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.name).toBe('Keep the name under 80 characters');
    expect(!result.ok && result.errors.secretKey).toMatch(/starts or ends with a space/);
  });
});

describe('urlProblem', () => {
  it.each([
    ['http://127.0.0.1:8080', null],
    ['https://api.example.com/base', null],
    ['api.example.com', 'Must be an http URL'],
    ['ftp://api.example.com', 'Must be an http URL'],
    ['http://', 'Must be an http URL'],
    ['', 'Enter an http URL'],
  ])('%s -> %s', (value, expected) => {
    expect(urlProblem(value, ['http:', 'https:'], 'an http URL')).toBe(expected);
  });

  it('keeps credentials out of URLs (they belong in the key fields, never in plain settings)', () => {
    expect(urlProblem('https://user:pw@api.example.com', ['https:'], 'a URL')).toMatch(/credentials/);
  });
});
