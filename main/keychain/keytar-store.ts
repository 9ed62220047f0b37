// SecretStore over keytar (libsecret on Linux, Keychain on macOS, Credential Vault on Windows).
// Every keytar failure is rethrown as a KeychainError; nothing is ever stored anywhere else.
// keytar is loaded on first use, from the build main/native/native-addons.ts picks for this
// runtime: the package itself under Node, its Electron build's .node file under Electron (the
// package's own entry would load the Node build, of another ABI).
import { createRequire } from 'node:module';
import { currentNativeAddonFile } from '../native/native-addons';
import { toKeychainError } from './keychain-error';
import { KEYCHAIN_SERVICE, type SecretStore } from './secret-store';

/** The calls of keytar's native module that Coffer makes (the package's entry wraps the same ones). */
interface KeytarCalls {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

let keytar: KeytarCalls | undefined;

function loadedKeytar(): KeytarCalls {
  keytar ??= createRequire(__filename)(currentNativeAddonFile('keytar') ?? 'keytar') as KeytarCalls;
  return keytar;
}

export function createKeytarStore(service: string = KEYCHAIN_SERVICE): SecretStore {
  return {
    get: (account) => translated(() => loadedKeytar().getPassword(service, required(account))),
    set: (account, secret) => translated(() => loadedKeytar().setPassword(service, required(account), required(secret))),
    delete: (account) => translated(() => loadedKeytar().deletePassword(service, required(account))),
  };
}

/** The native calls take no empty string (the package's entry refuses them the same way). */
function required(value: string): string {
  if (value.length === 0) throw new Error('An empty account or secret was given to the keychain.');
  return value;
}

async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toKeychainError(error);
  }
}
