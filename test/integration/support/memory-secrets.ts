// A secret store over a Map: stands in for the OS keychain where a test is not about keytar.
// `reads` counts get() calls, so a test can see when the secret was read.
import type { SecretStore } from '../../../main/keychain/secret-store';

export function memorySecrets(initial: Record<string, string> = {}): SecretStore & { reads: number } {
  const map = new Map(Object.entries(initial));
  const store = {
    reads: 0,
    async get(account: string) {
      store.reads += 1;
      return map.get(account) ?? null;
    },
    async set(account: string, secret: string) {
      map.set(account, secret);
    },
    async delete(account: string) {
      return map.delete(account);
    },
  };
  return store;
}
