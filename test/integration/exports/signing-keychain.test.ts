// The export signing key in a real OS keychain (gnome-keyring on a private D-Bus session): made
// once, its private half stored only there under service "coffer", found again by a fresh start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigningKeys, SIGNING_KEY_ACCOUNT } from '../../../main/core/exports/signing-key';
import { openDatabase } from '../../../main/db/database';
import { createSettingsRepo, SETTING_KEYS } from '../../../main/db/settings-repo';
import { createKeytarStore } from '../../../main/keychain/keytar-store';
import { KEYCHAIN_SERVICE } from '../../../main/keychain/secret-store';
import { startPrivateBus, type PrivateBus } from '../keychain/private-keyring';

let bus: PrivateBus;
let dir: string;
let db: Database.Database;

beforeAll(async () => {
  bus = await startPrivateBus();
  Object.assign(process.env, bus.env);
  dir = mkdtempSync(join(tmpdir(), 'coffer-signing-keychain-'));
  db = openDatabase(dir);
});
afterAll(async () => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
  await bus?.stop();
});

describe('the export signing key in the OS keychain', () => {
  it('is kept in the keychain only, and found again by a fresh start', async () => {
    const settings = createSettingsRepo(db);
    const first = await createSigningKeys({ secrets: createKeytarStore(), settings }).signer();
    const stored = await keytar.getPassword(KEYCHAIN_SERVICE, SIGNING_KEY_ACCOUNT);
    expect(stored).toMatch(/^MC4CAQAwBQYDK2VwBCIEI/);
    expect(settings.get(SETTING_KEYS.exportSigningKey)).not.toContain(stored as string);
    expect(JSON.parse(settings.get(SETTING_KEYS.exportSigningKey) as string)).toEqual({ publicKey: first.info.publicKey, createdAt: first.info.createdAt });
    const again = await createSigningKeys({ secrets: createKeytarStore(), settings: createSettingsRepo(db) }).signer();
    expect(again.info).toEqual(first.info);
  });
});
