// Runs `load` whenever the link to main comes (back) up and whenever the active profile changes:
// what was read over a lost link is not live (read-marks.ts) until it is read again. The link's
// count of comings-up is watched beside its state, the same count freshness compares.
import { effectScope, watch } from 'vue';
import { useProfilesStore } from '../profiles/profiles-store';
import { useConnectionStore } from './connection-store';

/** In the caller's scope: stops with the component or store that set it up. */
export function reloadOnLinkOrProfile(load: () => Promise<void>): void {
  const connection = useConnectionStore();
  const profiles = useProfilesStore();
  watch(
    () => [connection.transport.kind, connection.linkEpoch, profiles.activeProfileId] as const,
    ([kind]) => {
      if (kind === 'ready') void load();
    },
    { immediate: true },
  );
}

/** For as long as the app lives (detached from the component that started it). */
export function loadWhenReady(load: () => Promise<void>, alsoSubscribe: () => void = () => undefined): void {
  effectScope(true).run(() => {
    alsoSubscribe();
    reloadOnLinkOrProfile(load);
  });
}
