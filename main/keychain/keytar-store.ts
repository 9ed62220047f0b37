// SecretStore over keytar (libsecret on Linux, Keychain on macOS, Credential Vault on Windows).
// Every keytar failure is rethrown as a KeychainError; nothing is ever stored anywhere else.
import keytar from 'keytar';
import { toKeychainError } from './keychain-error';
import { KEYCHAIN_SERVICE, type SecretStore } from './secret-store';

export function createKeytarStore(service: string = KEYCHAIN_SERVICE): SecretStore {
  return {
    get: (account) => translated(() => keytar.getPassword(service, account)),
    set: (account, secret) => translated(() => keytar.setPassword(service, account, secret)),
    delete: (account) => translated(() => keytar.deletePassword(service, account)),
  };
}

async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toKeychainError(error);
  }
}
