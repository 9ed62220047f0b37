// useExportKeys with a stand-in bridge: the signing key and the trusted desks read when the link
// is up; a keychain failure kept as main worded it (and the desks still listed); a desk added or
// forgotten leaves the list main answers, a refusal handed back with its field.
import { describe, expect, it } from 'vitest';
import type { TrustedKey } from '../../../../preload/contract/history';
import { fail, ok } from '../../../../preload/contract/result';
import { useExportKeys } from '../../../../renderer/src/modules/settings/use-export-keys';
import { fakeBridge, settle, withSetup } from '../fake-bridge';

const own: TrustedKey = { fingerprint: 'AAAA BBBB', publicKey: 'x', label: 'This installation', own: true, addedAt: '2026-01-01T00:00:00Z' };
const berlin: TrustedKey = { fingerprint: 'CCCC DDDD', publicKey: 'y', label: 'Berlin desk', own: false, addedAt: '2026-02-01T00:00:00Z' };

describe('useExportKeys', () => {
  it('shows a keychain failure in main’s words, and the trusted desks all the same', async () => {
    const fake = fakeBridge({
      exportSigningKey: () => fail('KEYCHAIN_LOCKED', 'The OS keychain is locked: unlock it and try again'),
      trustedExportKeys: () => ok([own]),
    });
    const { result: keys } = withSetup(fake.bridge, () => useExportKeys());
    await settle();
    expect(keys.signingKey.value).toBeNull();
    expect(keys.signingKeyError.value).toEqual({ code: 'KEYCHAIN_LOCKED', message: 'The OS keychain is locked: unlock it and try again' });
    expect(keys.trusted.value).toEqual([own]);
  });

  it('adds a desk by trimmed public key and name, and forgets one, keeping main’s list', async () => {
    const fake = fakeBridge({
      exportSigningKey: () => ok({ fingerprint: 'AAAA BBBB', publicKey: 'x', createdAt: '2026-01-01T00:00:00Z' }),
      trustedExportKeys: () => ok([own]),
      trustExportKey: () => ok([own, berlin]),
      forgetExportKey: () => ok([own]),
    });
    const { result: keys } = withSetup(fake.bridge, () => useExportKeys());
    await settle();
    expect(await keys.add('  y  ', ' Berlin desk ')).toBeNull();
    expect(fake.calls.at(-1)).toEqual({ op: 'trustExportKey', request: { publicKey: 'y', label: 'Berlin desk' } });
    expect(keys.trusted.value).toEqual([own, berlin]);
    expect(await keys.forget('CCCC DDDD')).toBeNull();
    expect(keys.trusted.value).toEqual([own]);
  });

  it('hands a refused desk back with its field and keeps the list', async () => {
    const fake = fakeBridge({
      exportSigningKey: () => ok({ fingerprint: 'AAAA BBBB', publicKey: 'x', createdAt: '2026-01-01T00:00:00Z' }),
      trustedExportKeys: () => ok([own]),
      trustExportKey: () => fail('VALIDATION', 'publicKey must be a base64 Ed25519 public key (44 characters)', 'publicKey'),
    });
    const { result: keys } = withSetup(fake.bridge, () => useExportKeys());
    await settle();
    expect(await keys.add('short', 'Desk')).toMatchObject({ field: 'publicKey' });
    expect(keys.trusted.value).toEqual([own]);
  });
});
