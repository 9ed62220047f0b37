// Settings' export keys: this installation's signing key (made the first time it is asked for, kept
// in the OS keychain: a keychain failure comes back in plain words) and the desks whose exports it
// trusts, added by public key and name, forgotten on request (its own key never).
import { shallowRef, watch, type Ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { SigningKeyInfo, TrustedKey } from '../../../../preload/contract/history';
import { useBridge } from '../../bridge-key';
import { useConnectionStore } from '../connection/connection-store';

export interface ExportKeys {
  signingKey: Ref<SigningKeyInfo | null>;
  signingKeyError: Ref<AppError | null>;
  trusted: Ref<TrustedKey[]>;
  trustedError: Ref<AppError | null>;
  load(): Promise<void>;
  /** Null when added, else the error (its field: 'publicKey' or 'label' when it names one). */
  add(publicKey: string, label: string): Promise<AppError | null>;
  forget(fingerprint: string): Promise<AppError | null>;
}

export function useExportKeys(): ExportKeys {
  const { api } = useBridge();
  const connection = useConnectionStore();
  const signingKey = shallowRef<SigningKeyInfo | null>(null);
  const signingKeyError = shallowRef<AppError | null>(null);
  const trusted = shallowRef<TrustedKey[]>([]);
  const trustedError = shallowRef<AppError | null>(null);

  async function load(): Promise<void> {
    const [key, desks] = await Promise.all([api.exportSigningKey(), api.trustedExportKeys()]);
    signingKey.value = key.ok ? key.value : null;
    signingKeyError.value = key.ok ? null : key.error;
    if (desks.ok) trusted.value = desks.value;
    trustedError.value = desks.ok ? null : desks.error;
  }

  watch(
    () => connection.transport.kind,
    (kind) => {
      if (kind === 'ready') void load();
    },
    { immediate: true },
  );

  return {
    signingKey,
    signingKeyError,
    trusted,
    trustedError,
    load,
    async add(publicKey, label) {
      const result = await api.trustExportKey({ publicKey: publicKey.trim(), label: label.trim() });
      if (!result.ok) return result.error;
      trusted.value = result.value;
      return null;
    },
    async forget(fingerprint) {
      const result = await api.forgetExportKey({ fingerprint });
      if (!result.ok) return result.error;
      trusted.value = result.value;
      return null;
    },
  };
}
