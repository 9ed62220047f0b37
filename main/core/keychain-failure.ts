// Keychain calls made on behalf of a request: a KeychainError becomes an AppFailure with its
// cause-specific code and message, so the user reads why the keychain is unreachable.
import { KeychainError } from '../keychain/keychain-error';
import { AppFailure } from './app-error';

/** The AppFailure of a KeychainError; anything else as it is. */
export function keychainFailure(error: unknown): unknown {
  return error instanceof KeychainError ? new AppFailure(error.code, error.message) : error;
}

export async function withKeychain<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw keychainFailure(error);
  }
}
