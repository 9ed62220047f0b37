// A right is said to be missing only when the active profile's key was checked and found without it.
import { describe, expect, it } from 'vitest';
import type { KeyRight, Profile } from '../../../../preload/contract';
import { knownToLack, missingRightWords } from '../../../../preload/contract/key-rights';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useMissingRight, useMissingRights } from '../../../../renderer/src/modules/profiles/use-missing-right';
import { fakeBridge, withSetup } from '../fake-bridge';

const profile = (id: string, rights: KeyRight[] | null): Profile => ({
  id, name: id, apiVersion: '3', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com', authMethod: 'HS256',
  publicKey: 'pk', hasSecret: true, builtIn: false, rights, sharedAccount: false, createdAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z',
});

describe('missing rights', () => {
  it('words each right by its name and code', () => {
    expect(missingRightWords('WDR')).toBe('This key lacks the Withdraw right (WDR)');
    expect(missingRightWords('PAY')).toBe('This key lacks the Payment information right (PAY)');
  });

  it('counts unknown rights as not missing: only a checked key can be known to lack one', () => {
    expect(knownToLack(null, 'WDR')).toBe(false);
    expect(knownToLack(['PAY', 'WDR'], 'WDR')).toBe(false);
    expect(knownToLack(['PAY'], 'WDR')).toBe(true);
    expect(knownToLack([], 'PAY')).toBe(true);
  });

  it('follows the active profile', () => {
    const { result } = withSetup(fakeBridge().bridge, () => ({ wdr: useMissingRight('WDR'), any: useMissingRights() }));
    const store = useProfilesStore();
    expect(result.wdr.value).toBeNull(); // no profile yet
    store.setProfiles([profile('checked', ['PAY', 'HIST']), profile('unchecked', null), profile('full', ['PAY', 'WDR', 'HIST', 'ORD'])]);
    store.setActiveProfileId('checked');
    expect(result.wdr.value).toBe('This key lacks the Withdraw right (WDR)');
    expect(result.any.value('PAY')).toBeNull();
    expect(result.any.value('ORD')).toBe('This key lacks the Place and cancel orders right (ORD)');
    store.setActiveProfileId('unchecked');
    expect(result.wdr.value).toBeNull();
    store.setActiveProfileId('full');
    expect(result.wdr.value).toBeNull();
  });
});
