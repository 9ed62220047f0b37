import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../preload/contract';
import { placeError, draftFromProfile } from '../../../renderer/src/modules/profiles/profile-draft';
import { abbreviateKey, rightsSummary, secretStatus, sortProfiles } from '../../../renderer/src/modules/profiles/profile-format';

const profile = (name: string, builtIn = false): Profile => ({
  id: name.toLowerCase(),
  name,
  apiVersion: '3',
  restUrl: 'https://api.example.com',
  streamUrl: 'wss://api.example.com',
  authMethod: 'HS256',
  publicKey: 'pk',
  hasSecret: true,
  builtIn,
  rights: null,
  sharedAccount: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('profile formatting', () => {
  it('abbreviates long keys and leaves short ones whole', () => {
    expect(abbreviateKey('0123456789abcdef0123')).toBe('01234567…0123');
    expect(abbreviateKey('short-key')).toBe('short-key');
  });

  it('words rights that were never checked differently from no rights', () => {
    expect(rightsSummary(null)).toBe('Not checked yet');
    expect(rightsSummary([])).toBe('None');
    expect(rightsSummary(['PAY', 'WDR'])).toEqual(['PAY', 'WDR']);
  });

  it('says where the secret is: the keychain, the built-in sandbox, or nowhere', () => {
    expect(secretStatus({ hasSecret: true, builtIn: false })).toBe('In the OS keychain');
    expect(secretStatus({ hasSecret: false, builtIn: true })).toBe('Held by the built-in sandbox');
    expect(secretStatus({ hasSecret: false, builtIn: false })).toBe('Not stored');
  });

  it('lists the built-in sandbox first, then by name', () => {
    const sorted = sortProfiles([profile('Zeta'), profile('alpha'), profile('Sandbox', true)]);
    expect(sorted.map((p) => p.name)).toEqual(['Sandbox', 'alpha', 'Zeta']);
  });
});

describe('profile drafts', () => {
  it('an edit draft never carries a secret', () => {
    expect(draftFromProfile(profile('Ops')).secretKey).toBe('');
    expect(draftFromProfile({ ...profile('Ops'), sharedAccount: true }).sharedAccount).toBe(true);
  });

  it('puts an error from main on the field it names, anything else in the alert', () => {
    expect(placeError({ code: 'VALIDATION', message: 'taken', field: 'name' })).toEqual({ fieldErrors: { name: 'taken' }, alert: null });
    const keychain = { code: 'KEYCHAIN_LOCKED', message: 'The keyring is locked' };
    expect(placeError(keychain)).toEqual({ fieldErrors: {}, alert: keychain });
    expect(placeError({ code: 'X', message: 'm', field: 'id' })).toEqual({ fieldErrors: {}, alert: { code: 'X', message: 'm', field: 'id' } });
  });
});
