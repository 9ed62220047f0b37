// Chooses the first page once the renderer knows whether a profile is active: that takes the
// profile list from main, so the start route waits for it (or for a link that cannot come up,
// where the profiles page explains what to do, as it always has).
import { onScopeDispose, watch } from 'vue';
import { useConnectionStore } from '../connection/connection-store';
import { useProfilesStore } from '../profiles/profiles-store';
import { readLastPage, startPageFor, workPageFor, type PageMemory } from './start-page';

const HOPELESS_LINKS: readonly string[] = ['no-token', 'refused'];

/**
 * Calls `open` once, with the route name to start on. `prefetch` is told at once of the page the
 * app opens on when a profile is active (the usual case), so its code loads while main is asked.
 */
export function useStartPage(
  open: (page: string) => void,
  restorable: readonly string[],
  memory: PageMemory | undefined,
  prefetch: (page: string) => void = () => undefined,
): void {
  const connection = useConnectionStore();
  const profiles = useProfilesStore();
  let opened = false;
  prefetch(workPageFor(readLastPage(memory), restorable));
  const stop = watch(
    () => [profiles.loaded, profiles.loadError, profiles.activeProfileId, connection.transport.kind] as const,
    ([loaded, loadError, activeProfileId, link]) => {
      if (opened) return;
      if (!loaded && loadError === null && !HOPELESS_LINKS.includes(link)) return;
      opened = true;
      open(startPageFor(loaded ? activeProfileId : null, readLastPage(memory), restorable));
    },
    { immediate: true },
  );
  onScopeDispose(stop);
}
