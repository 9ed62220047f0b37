// Keychain calls made on behalf of a request: a KeychainError becomes an AppFailure with its
// cause-specific code and message, so the user reads why the keychain is unreachable.
import { KeychainError } from '../keychain/keychain-error';
import { AppFailure } from './app-error';

export async function withKeychain<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof KeychainError) throw new AppFailure(error.code, error.message);
    throw error;
  }
}
