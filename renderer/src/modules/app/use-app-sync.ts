// Keeps the stores in step with main: follows the transport state, reloads when the link is
// (re)established, and applies the events main pushes. Called once, by the app shell.
import { onScopeDispose, watch } from 'vue';
import { useBridge } from '../../bridge-key';
import { useConnectionStore } from '../connection/connection-store';
import { useProfilesStore } from '../profiles/profiles-store';
import { useProfiles } from '../profiles/use-profiles';
import { useRightsOnActivation } from '../profiles/use-rights-on-activation';

export function useAppSync(): void {
  const bridge = useBridge();
  const connection = useConnectionStore();
  const profilesStore = useProfilesStore();
  const profiles = useProfiles();

  // Streams came up before this page (or this link) did: ask main for where they stand now.
  async function loadStreamStates(): Promise<void> {
    const result = await bridge.api.listStreamStates();
    if (result.ok) result.value.forEach((report) => connection.recordStream(report));
  }

  connection.setTransport(bridge.state());
  const stops = [
    bridge.onState((state) => connection.setTransport(state)),
    bridge.api.on('connectionState', (report) => connection.recordStream(report)),
    bridge.api.on('profilesChanged', ({ activeProfileId }) => {
      profilesStore.setActiveProfileId(activeProfileId);
      void profiles.load();
    }),
  ];
  watch(
    () => connection.transport.kind,
    (kind) => {
      if (kind !== 'ready') return;
      void profiles.load();
      void loadStreamStates();
    },
    { immediate: true },
  );
  useRightsOnActivation(profiles);
  onScopeDispose(() => stops.forEach((stop) => stop()));
}
