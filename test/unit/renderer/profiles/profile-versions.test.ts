// Version 2 beside version 3 in the profile form: both are accepted, the form says which paths
// each calls, and an empty streaming URL follows the REST URL (same host, ws/wss) for both.
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../../preload/contract';
import { blankDraft, draftFromProfile } from '../../../../renderer/src/modules/profiles/profile-draft';
import { checkProfileDraft, secretRuleFor, type ProfileDraft } from '../../../../renderer/src/modules/profiles/profile-validation';
import { streamUrlFor, versionPathsHint } from '../../../../renderer/src/modules/profiles/profile-versions';

const draft = (overrides: Partial<ProfileDraft> = {}): ProfileDraft => ({
  ...blankDraft(),
  name: 'Desk',
  restUrl: 'https://api.example.com',
  publicKey: 'pk',
  secretKey: 's3cret',
  ...overrides,
});

describe('the API version of a profile', () => {
  it('is version 3 on a new draft, and version 2 is accepted as it is', () => {
    expect(blankDraft().apiVersion).toBe('3');
    const check = checkProfileDraft(draft({ apiVersion: '2', streamUrl: 'wss://api.example.com' }), 'required');
    expect(check).toMatchObject({ ok: true, input: { apiVersion: '2' } });
  });

  it('keeps a stored version 2 profile version 2 when edited', () => {
    const stored: Profile = {
      id: 'p2', name: 'V2', apiVersion: '2', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com',
      authMethod: 'HS256', publicKey: 'pk', hasSecret: true, builtIn: false, rights: null, sharedAccount: false, createdAt: '', updatedAt: '',
    };
    expect(checkProfileDraft(draftFromProfile(stored), 'keep')).toMatchObject({ ok: true, input: { apiVersion: '2' } });
  });

  it('says which paths each version calls, and nothing for an unknown version', () => {
    expect(versionPathsHint('2')).toBe('Coffer calls /api/2/… and /api/2/ws/…');
    expect(versionPathsHint('3')).toBe('Coffer calls /api/3/… and /api/3/ws/…');
    expect(versionPathsHint('4')).toBeNull();
  });
});

describe('an empty streaming URL', () => {
  it.each([
    ['https://api.example.com', 'wss://api.example.com'],
    ['https://api.example.com/', 'wss://api.example.com'],
    ['http://127.0.0.1:8080', 'ws://127.0.0.1:8080'],
    ['HTTPS://api.example.com:9443/base', 'wss://api.example.com:9443/base'],
  ])('stands for the REST URL %s over ws/wss: %s', (restUrl, streamUrl) => {
    expect(streamUrlFor(restUrl)).toBe(streamUrl);
  });

  it('is derived for both versions and sent filled in', () => {
    for (const apiVersion of ['3', '2']) {
      const check = checkProfileDraft(draft({ apiVersion, restUrl: ' http://127.0.0.1:8080 ', streamUrl: '  ' }), 'required');
      expect(check).toMatchObject({ ok: true, input: { apiVersion, restUrl: 'http://127.0.0.1:8080', streamUrl: 'ws://127.0.0.1:8080' } });
    }
  });

  it('is not derived from a REST URL that is refused: the REST field says why, the stream field asks for a URL', () => {
    expect(streamUrlFor('ftp://files.example.com')).toBeNull();
    const check = checkProfileDraft(draft({ restUrl: 'http://api.example.com', streamUrl: '' }), 'required');
    expect(check).toEqual({
      ok: false,
      errors: {
        restUrl: 'Use https://; unencrypted http:// is allowed only on this computer',
        streamUrl: 'Enter a ws:// or wss:// URL',
      },
    });
  });

  it('a typed streaming URL wins over the derived one', () => {
    const check = checkProfileDraft(draft({ streamUrl: 'wss://stream.example.com' }), 'required');
    expect(check).toMatchObject({ ok: true, input: { streamUrl: 'wss://stream.example.com' } });
  });

  it('on an edit, emptying the streaming field of a same-host profile keeps the stored secret', () => {
    const stored: Profile = {
      id: 'p1', name: 'Desk', apiVersion: '3', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com',
      authMethod: 'HS256', publicKey: 'pk', hasSecret: true, builtIn: false, rights: null, sharedAccount: false, createdAt: '', updatedAt: '',
    };
    expect(secretRuleFor(stored, draft({ streamUrl: '' }))).toBe('keep');
    expect(secretRuleFor(stored, draft({ restUrl: 'https://other.example.com', streamUrl: '' }))).toBe('again');
  });
});
