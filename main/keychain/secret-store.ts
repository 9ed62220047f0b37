// Where secrets live: the OS keychain, behind this interface. There is no fallback storage; when
// the keychain is unreachable the caller gets a KeychainError that names the cause.
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when an entry existed and was removed. */
  delete(account: string): Promise<boolean>;
}

export const KEYCHAIN_SERVICE = 'coffer';

/** The keychain account holding a profile's secret key. */
export const profileAccount = (profileId: string): string => `profile:${profileId}`;
