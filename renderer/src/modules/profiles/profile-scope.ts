// Whatever the renderer holds about an account belongs to the active profile. A holder (a store
// or a page's composable) says how to forget what it holds; that runs synchronously the moment
// another profile becomes active, before anything renders, so no page can pair one account's
// numbers, rows or buttons with another's name.
import { ref, watch, type Ref } from 'vue';
import { useProfilesStore } from './profiles-store';

export interface ProfileScope {
  /** The profile whose data is held now (the active one once the switch has run). */
  readonly heldFor: Ref<string | null>;
  /** Whether an answer read for `profileId` may be kept: it is the active profile's. */
  accepts(profileId: string | null): boolean;
}

/** Call inside a store's or a component's setup: the watch lives as long as that scope. */
export function scopeToActiveProfile(forget: () => void): ProfileScope {
  const profiles = useProfilesStore();
  const heldFor = ref<string | null>(profiles.activeProfileId);
  watch(
    () => profiles.activeProfileId,
    (next) => {
      if (next === heldFor.value) return;
      forget();
      heldFor.value = next;
    },
    { flush: 'sync' },
  );
  return { heldFor, accepts: (profileId) => profileId === profiles.activeProfileId };
}
