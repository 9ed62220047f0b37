// Child-process probe: runs set/get/delete through the real keytar SecretStore with whatever
// D-Bus environment it was given and prints one JSON line with the outcome.
import { KeychainError } from '../../../main/keychain/keychain-error';
import { createKeytarStore } from '../../../main/keychain/keytar-store';

async function probe(): Promise<object> {
  const store = createKeytarStore(process.env.PROBE_SERVICE ?? 'coffer-test');
  try {
    await store.set('profile:probe', 'probe-secret');
    const read = await store.get('profile:probe');
    const deleted = await store.delete('profile:probe');
    return { ok: true, read, deleted, afterDelete: await store.get('profile:probe') };
  } catch (error) {
    if (error instanceof KeychainError) return { ok: false, code: error.code, message: error.message };
    return { ok: false, code: 'UNTRANSLATED', message: String(error) };
  }
}

void probe().then((outcome) => console.log(JSON.stringify(outcome)));
