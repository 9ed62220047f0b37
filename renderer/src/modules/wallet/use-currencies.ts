// Loads the currency list (names, precisions, networks) once per profile, for pages other than
// the wallet that show amounts (approvals).
import { watch } from 'vue';
import { useBridge } from '../../bridge-key';
import { useConnectionStore } from '../connection/connection-store';
import { useProfilesStore } from '../profiles/profiles-store';
import { useWalletStore } from './wallet-store';

export function useCurrencies(): void {
  const { api } = useBridge();
  const store = useWalletStore();
  const connection = useConnectionStore();
  const profiles = useProfilesStore();
  watch(
    [() => connection.transport.kind, () => profiles.activeProfileId],
    async ([kind, profileId]) => {
      if (kind !== 'ready' || store.hasCurrenciesFor(profileId)) return;
      const result = await api.listWalletCurrencies();
      if (result.ok) store.setCurrencies(profileId, result.value);
    },
    { immediate: true },
  );
}
