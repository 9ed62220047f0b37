// Where this desk's team lives, kept in settings (never the password: that is in the keychain).
import { SETTING_KEYS, type SettingsRepo } from '../db/settings-repo';

export interface DeskSettings {
  /** The server URL as entered, without a password. */
  url: string;
  deskName: string;
  teamId: string;
  /** The profile whose withdrawals the team governs. */
  profileId: string;
}

/** The keychain account of the team store's password. */
export const TEAM_PASSWORD_ACCOUNT = 'team-store-password';

export function readDeskSettings(settings: SettingsRepo): DeskSettings | null {
  const raw = settings.get(SETTING_KEYS.teamDesk);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<DeskSettings>;
    const { url, deskName, teamId, profileId } = value;
    if (typeof url !== 'string' || typeof deskName !== 'string' || typeof teamId !== 'string' || typeof profileId !== 'string') return null;
    return { url, deskName, teamId, profileId };
  } catch {
    return null;
  }
}

export function saveDeskSettings(settings: SettingsRepo, desk: DeskSettings | null): void {
  if (desk === null) settings.clear(SETTING_KEYS.teamDesk);
  else settings.set(SETTING_KEYS.teamDesk, JSON.stringify(desk));
}
