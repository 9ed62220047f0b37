// The export keys this installation accepts, kept in settings so review and the command line
// need no keychain: this installation's own public key (listed first, never removable) and the
// keys of other desks a person chose to trust, each with a label.
import type { SigningKeyInfo, TrustedKey } from '../../../preload/contract/history';
import { SETTING_KEYS, type SettingsRepo } from '../../db/settings-repo';
import { AppFailure } from '../app-error';
import { invalid } from '../field-checks';
import { fingerprintOf, normalFingerprint, publicKeyObject } from './fingerprint';

export const OWN_KEY_LABEL = 'This installation';

interface StoredTrust {
  publicKey: string;
  label: string;
  addedAt: string;
}

/** This installation's public key as settings hold it; null before the key is first made. */
export function ownPublicKey(settings: Pick<SettingsRepo, 'get'>): SigningKeyInfo | null {
  const stored = parseJson(settings.get(SETTING_KEYS.exportSigningKey));
  if (!isRecord(stored) || typeof stored.publicKey !== 'string' || typeof stored.createdAt !== 'string') return null;
  if (publicKeyObject(stored.publicKey) === null) return null;
  return { publicKey: stored.publicKey, fingerprint: fingerprintOf(stored.publicKey), createdAt: stored.createdAt };
}

export interface TrustedKeys {
  list(): TrustedKey[];
  trust(publicKey: string, label: string, now?: Date): TrustedKey[];
  forget(fingerprint: string): TrustedKey[];
}

export function createTrustedKeys(settings: SettingsRepo): TrustedKeys {
  const others = (): StoredTrust[] => {
    const stored = parseJson(settings.get(SETTING_KEYS.trustedExportKeys));
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (item): item is StoredTrust =>
        isRecord(item) && typeof item.publicKey === 'string' && typeof item.label === 'string' && typeof item.addedAt === 'string' && publicKeyObject(item.publicKey) !== null,
    );
  };
  const save = (list: StoredTrust[]) => settings.set(SETTING_KEYS.trustedExportKeys, JSON.stringify(list));

  const list = (): TrustedKey[] => {
    const own = ownPublicKey(settings);
    const mine: TrustedKey[] = own === null ? [] : [{ fingerprint: own.fingerprint, publicKey: own.publicKey, label: OWN_KEY_LABEL, own: true, addedAt: own.createdAt }];
    const rest = others()
      .filter((item) => item.publicKey !== own?.publicKey)
      .map((item) => ({ fingerprint: fingerprintOf(item.publicKey), publicKey: item.publicKey, label: item.label, own: false, addedAt: item.addedAt }));
    return [...mine, ...rest];
  };

  return {
    list,
    trust(publicKey, label, now = new Date()) {
      if (publicKeyObject(publicKey) === null) throw invalid('publicKey', 'publicKey is not an Ed25519 public key');
      if (ownPublicKey(settings)?.publicKey === publicKey) return list();
      const current = others();
      const existing = current.find((item) => item.publicKey === publicKey);
      // Trusting a known key again renames it; it keeps the date it was first trusted.
      if (existing !== undefined) existing.label = label;
      else current.push({ publicKey, label, addedAt: now.toISOString() });
      save(current);
      return list();
    },
    forget(fingerprint) {
      const wanted = normalFingerprint(fingerprint);
      const own = ownPublicKey(settings);
      if (own !== null && own.fingerprint === wanted) {
        throw new AppFailure('OWN_KEY', `${wanted} is this installation's own key: it is always trusted and cannot be forgotten`, 'fingerprint');
      }
      const current = others();
      const kept = current.filter((item) => fingerprintOf(item.publicKey) !== wanted);
      if (kept.length === current.length) throw new AppFailure('NOT_FOUND', `No trusted key has the fingerprint ${wanted}`, 'fingerprint');
      save(kept);
      return list();
    },
  };
}

/** Who signed an export, as the trust list knows them. */
export function signerTrust(trusted: readonly TrustedKey[], publicKey: string): { trusted: boolean; label: string | null } {
  const known = trusted.find((key) => key.publicKey === publicKey);
  return known === undefined ? { trusted: false, label: null } : { trusted: true, label: known.label };
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
