// Loads the currency list (names, precisions, networks) once per profile, for pages other than
// the wallet that show amounts (approvals).
import { watch } from 'vue';
import { useBridge } from '../../bridge-key';
import { useConnectionStore } from '../connection/connection-store';
import { useWalletStore } from './wallet-store';

export function useCurrencies(): void {
  const { api } = useBridge();
  const store = useWalletStore();
  const connection = useConnectionStore();
  watch(
    () => connection.transport.kind,
    async (kind) => {
      if (kind !== 'ready' || store.currencies.length > 0) return;
      const result = await api.walletCurrencies();
      if (result.ok) store.setCurrencies(result.value);
    },
    { immediate: true },
  );
}
