// This installation's export signing key (Ed25519), made once, the first time it is needed.
// The private half lives only in the OS keychain (PKCS8 DER, base64); the public half and its
// creation time are also kept in settings, so review and the trust list never touch the
// keychain. If the keychain lost the private half, a new key is made and the old public key stays
// trusted, so exports signed before still verify here.
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { SigningKeyInfo } from '../../../preload/contract/history';
import { SETTING_KEYS, type SettingsRepo } from '../../db/settings-repo';
import type { SecretStore } from '../../keychain/secret-store';
import { withKeychain } from '../keychain-failure';
import { fingerprintOf, rawPublicKey } from './fingerprint';
import { createTrustedKeys, ownPublicKey } from './trusted-keys';

export const SIGNING_KEY_ACCOUNT = 'export-signing-key';

export interface ExportSigner {
  info: SigningKeyInfo;
  /** The Ed25519 signature of the bytes. */
  sign(bytes: Uint8Array): Buffer;
}

export interface SigningKeys {
  /** The key (made now if there is none yet); reads the keychain. */
  signer(): Promise<ExportSigner>;
  /** The public half as settings know it, without the keychain; null before the first key. */
  publicInfo(): SigningKeyInfo | null;
  /** Resolves once a key being read or made right now is settled (at once when none is). */
  settled(): Promise<void>;
}

export interface SigningKeyDeps {
  secrets: SecretStore;
  settings: SettingsRepo;
  now?: () => Date;
}

export function createSigningKeys(deps: SigningKeyDeps): SigningKeys {
  const now = deps.now ?? (() => new Date());
  let loading: Promise<ExportSigner> | null = null;

  async function load(): Promise<ExportSigner> {
    const stored = await withKeychain(() => deps.secrets.get(SIGNING_KEY_ACCOUNT));
    const known = ownPublicKey(deps.settings);
    if (stored !== null) {
      const privateKey = privateKeyFrom(stored);
      if (privateKey !== null) return signerFor(privateKey, known, deps.settings, now);
    }
    return makeKey(deps, known, now());
  }

  return {
    // Two first asks at once make one key: the second waits for the first.
    signer: () => {
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    publicInfo: () => ownPublicKey(deps.settings),
    settled: async () => {
      await loading?.catch(() => undefined);
    },
  };
}

function privateKeyFrom(stored: string): KeyObject | null {
  try {
    const key = createPrivateKey({ key: Buffer.from(stored, 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/** The signer of the keychain's key; settings are brought in line when they lost or disagree with it. */
function signerFor(privateKey: KeyObject, known: SigningKeyInfo | null, settings: SettingsRepo, now: () => Date): ExportSigner {
  const publicKey = rawPublicKey(privateKey);
  const info = known?.publicKey === publicKey ? known : recordOwnKey(settings, publicKey, now(), known);
  return { info, sign: (bytes) => sign(null, bytes, privateKey) };
}

async function makeKey(deps: SigningKeyDeps, previous: SigningKeyInfo | null, at: Date): Promise<ExportSigner> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  // The keychain first: a key whose private half could not be kept must not be announced.
  await withKeychain(() => deps.secrets.set(SIGNING_KEY_ACCOUNT, pkcs8));
  const info = recordOwnKey(deps.settings, rawPublicKey(privateKey), at, previous);
  return { info, sign: (bytes) => sign(null, bytes, privateKey) };
}

/** Settings name the new own key; the one they named before stays trusted. */
function recordOwnKey(settings: SettingsRepo, publicKey: string, at: Date, previous: SigningKeyInfo | null): SigningKeyInfo {
  settings.set(SETTING_KEYS.exportSigningKey, JSON.stringify({ publicKey, createdAt: at.toISOString() }));
  if (previous !== null && previous.publicKey !== publicKey) {
    createTrustedKeys(settings).trust(previous.publicKey, `This installation's earlier key (made ${previous.createdAt.slice(0, 10)})`, at);
  }
  return { publicKey, fingerprint: fingerprintOf(publicKey), createdAt: at.toISOString() };
}
