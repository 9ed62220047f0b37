// The installation's signing key and its trust list over a real coffer.db and a secret store
// standing in for the keychain (the real keychain has its own test): made once on first ask,
// the private half only in the keychain, the public half in settings, the own key always trusted.
import { verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/database';
import { createSettingsRepo, SETTING_KEYS, type SettingsRepo } from '../../../main/db/settings-repo';
import { fingerprintOf, normalFingerprint, publicKeyObject } from '../../../main/core/exports/fingerprint';
import { createSigningKeys, SIGNING_KEY_ACCOUNT } from '../../../main/core/exports/signing-key';
import { createTrustedKeys } from '../../../main/core/exports/trusted-keys';
import { memorySecrets } from '../../integration/support/memory-secrets';
import { testKey } from './signed-export';

let dir: string;
let db: Database.Database;
let settings: SettingsRepo;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-keys-'));
  db = openDatabase(dir);
  settings = createSettingsRepo(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the export signing key', () => {
  it('is made once on first ask: private half in the keychain, public half and date in settings', async () => {
    const secrets = memorySecrets();
    const keys = createSigningKeys({ secrets, settings, now: () => new Date('2025-03-01T00:00:00Z') });
    expect(keys.publicInfo()).toBeNull();
    const [first, second] = await Promise.all([keys.signer(), keys.signer()]);
    expect(second.info).toEqual(first.info);
    expect(first.info).toMatchObject({ createdAt: '2025-03-01T00:00:00.000Z', fingerprint: fingerprintOf(first.info.publicKey) });
    expect(await secrets.get(SIGNING_KEY_ACCOUNT)).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(keys.publicInfo()).toEqual(first.info);
    expect(settings.get(SETTING_KEYS.exportSigningKey)).not.toContain(await secrets.get(SIGNING_KEY_ACCOUNT));
    const again = await createSigningKeys({ secrets, settings }).signer();
    expect(again.info).toEqual(first.info);
  });

  it('signs with the key it names', async () => {
    const signer = await createSigningKeys({ secrets: memorySecrets(), settings }).signer();
    const bytes = Buffer.from('manifest bytes');
    expect(verify(null, bytes, publicKeyObject(signer.info.publicKey)!, signer.sign(bytes))).toBe(true);
  });

  it('has a fingerprint of SHA-256 in upper-case groups of four, however it is typed', async () => {
    const { info } = await createSigningKeys({ secrets: memorySecrets(), settings }).signer();
    expect(info.fingerprint).toMatch(/^([0-9A-F]{4} ){15}[0-9A-F]{4}$/);
    expect(normalFingerprint(info.fingerprint.toLowerCase().replace(/ /g, ':'))).toBe(info.fingerprint);
  });

  it('a keychain that lost the private key gets a new one; the earlier key stays trusted', async () => {
    const secrets = memorySecrets();
    const first = await createSigningKeys({ secrets, settings }).signer();
    await secrets.delete(SIGNING_KEY_ACCOUNT);
    const second = await createSigningKeys({ secrets, settings }).signer();
    expect(second.info.publicKey).not.toBe(first.info.publicKey);
    const trusted = createTrustedKeys(settings).list();
    expect(trusted.map((key) => [key.publicKey, key.own])).toEqual([[second.info.publicKey, true], [first.info.publicKey, false]]);
    expect(trusted[1]?.label).toMatch(/earlier key/);
  });
});

describe('trusted export keys', () => {
  it('list the own key first, then the desks trusted, and rename a key trusted again', async () => {
    const own = await createSigningKeys({ secrets: memorySecrets(), settings }).signer();
    const trusted = createTrustedKeys(settings);
    const other = testKey();
    trusted.trust(other.publicKey, 'Audit desk', new Date('2025-03-02T00:00:00Z'));
    const list = trusted.trust(other.publicKey, 'Audit desk (Berlin)');
    expect(list).toEqual([
      { fingerprint: own.info.fingerprint, publicKey: own.info.publicKey, label: 'This installation', own: true, addedAt: own.info.createdAt },
      { fingerprint: other.fingerprint, publicKey: other.publicKey, label: 'Audit desk (Berlin)', own: false, addedAt: '2025-03-02T00:00:00.000Z' },
    ]);
    expect(trusted.trust(own.info.publicKey, 'me again')).toHaveLength(2);
  });

  it('forget a desk by fingerprint, refuse the own key and an unknown one, naming the fingerprint', async () => {
    const own = await createSigningKeys({ secrets: memorySecrets(), settings }).signer();
    const trusted = createTrustedKeys(settings);
    const other = testKey();
    trusted.trust(other.publicKey, 'Audit desk');
    expect(trusted.forget(other.fingerprint.replace(/ /g, '').toLowerCase())).toHaveLength(1);
    expect(() => trusted.forget(own.info.fingerprint)).toThrow(`${own.info.fingerprint} is this installation's own key`);
    expect(() => trusted.forget(other.fingerprint)).toThrow(`No trusted key has the fingerprint ${other.fingerprint}`);
  });

  it('refuse something that is not an Ed25519 public key, on the publicKey field', () => {
    const trusted = createTrustedKeys(settings);
    expect(() => trusted.trust(Buffer.alloc(31).toString('base64'), 'x')).toThrow(expect.objectContaining({ field: 'publicKey' }));
  });
});

describe('a keychain that refuses', () => {
  it('fails the first ask with the keychain error, and announces no key', async () => {
    const refusing = { ...memorySecrets(), set: async () => { throw new Error('The OS keychain is locked'); } };
    const keys = createSigningKeys({ secrets: refusing, settings });
    await expect(keys.signer()).rejects.toThrow('The OS keychain is locked');
    expect(keys.publicInfo()).toBeNull();
    expect(createTrustedKeys(settings).list()).toEqual([]);
  });
});
