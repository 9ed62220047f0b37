// Runs `load` whenever the link to main comes (back) up and whenever the active profile changes,
// for as long as the app lives (detached from the component that started it).
import { effectScope, watch } from 'vue';
import { useProfilesStore } from '../profiles/profiles-store';
import { useConnectionStore } from './connection-store';

export function loadWhenReady(load: () => Promise<void>, alsoSubscribe: () => void = () => undefined): void {
  const connection = useConnectionStore();
  const profiles = useProfilesStore();
  effectScope(true).run(() => {
    alsoSubscribe();
    watch(
      () => [connection.transport.kind, profiles.activeProfileId] as const,
      ([kind]) => {
        if (kind === 'ready') void load();
      },
      { immediate: true },
    );
  });
}
