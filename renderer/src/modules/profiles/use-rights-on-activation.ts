// A key whose rights were never found (saved before keys were checked, or while its service could
// not be reached) is checked once when its profile becomes active, so pages can say up front what
// it may not do instead of failing at the last button. The built-in sandbox's key holds every right.
import { watch } from 'vue';
import { useProfilesStore } from './profiles-store';
import type { ProfileActions } from './use-profiles';

export function useRightsOnActivation(profiles: Pick<ProfileActions, 'checkRights'>): void {
  const store = useProfilesStore();
  const tried = new Set<string>();
  watch(
    () => store.activeProfile,
    (profile) => {
      if (profile === null || profile.builtIn || profile.rights !== null || tried.has(profile.id)) return;
      if (store.rightsChecks[profile.id] !== undefined) return; // already checked, or being checked, on this page
      tried.add(profile.id);
      void profiles.checkRights(profile.id);
    },
    { immediate: true },
  );
}
