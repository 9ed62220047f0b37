// Credentials backed by the OS keychain: the secret is fetched from the SecretStore at each
// signing and never kept here. Keychain failures (KeychainError) pass through with their own
// plain words; nothing is sent when the secret cannot be read.
import type { SecretStore } from '../keychain/secret-store';
import { ApiError } from './errors';
import type { AuthScheme } from './signing';
import type { Credentials } from './transport';

export function secretFromStore(store: SecretStore, account: string): () => Promise<string> {
  return async () => {
    const secret = await store.get(account);
    if (secret === null || secret === '') {
      throw new ApiError({ kind: 'input', field: 'secretKey', message: 'No secret key is stored for this profile: enter it again on the Profiles page.' });
    }
    return secret;
  };
}

export interface StoredCredentials {
  apiKey: string;
  scheme: AuthScheme;
  store: SecretStore;
  /** Keychain account, e.g. profileAccount(profileId) = 'profile:<id>'. */
  account: string;
  windowMs?: number;
}

export function credentialsFromStore(input: StoredCredentials): Credentials {
  const credentials: Credentials = { apiKey: input.apiKey, scheme: input.scheme, readSecret: secretFromStore(input.store, input.account) };
  return input.windowMs === undefined ? credentials : { ...credentials, windowMs: input.windowMs };
}
