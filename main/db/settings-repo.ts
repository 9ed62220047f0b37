// Small key/value settings that must survive a restart (the active profile, ...).
import type Database from 'better-sqlite3';

export const SETTING_KEYS = {
  activeProfileId: 'activeProfileId',
  /** The export signing key's public half and creation time (JSON); the private half is in the keychain. */
  exportSigningKey: 'exportSigningKey',
  /** Other desks' export keys this installation trusts (JSON list). */
  trustedExportKeys: 'trustedExportKeys',
  /** Where exports are written when a request names no folder. */
  exportFolder: 'exportFolder',
  /** The team store this desk belongs to (JSON: server URL without password, desk name, team, profile). */
  teamDesk: 'teamDesk',
} as const;

export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

export interface SettingsRepo {
  get(key: SettingKey): string | null;
  set(key: SettingKey, value: string): void;
  clear(key: SettingKey): void;
}

export function createSettingsRepo(db: Database.Database): SettingsRepo {
  const select = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const upsert = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  return {
    get: (key) => select.get(key)?.value ?? null,
    set: (key, value) => void upsert.run(key, value),
    clear: (key) => void remove.run(key),
  };
}
