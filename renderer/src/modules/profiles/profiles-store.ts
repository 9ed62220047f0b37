// Profiles as the renderer knows them: state only, updated synchronously by use-profiles.ts.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppError, KeyRight, Profile } from '../../../../preload/contract';

/** Where a profile's rights check stands on this page (the rights themselves live on the profile). */
export type RightsCheckState =
  | { state: 'checking' }
  | { state: 'failed'; message: string }
  | { state: 'done'; undetermined: KeyRight[] };

export const useProfilesStore = defineStore('profiles', () => {
  const profiles = ref<Profile[]>([]);
  const activeProfileId = ref<string | null>(null);
  const loaded = ref(false);
  const loadError = ref<AppError | null>(null);
  const rightsChecks = ref<Record<string, RightsCheckState>>({});

  const activeProfile = computed(() => profiles.value.find((profile) => profile.id === activeProfileId.value) ?? null);

  function setProfiles(list: Profile[]): void {
    profiles.value = list;
    loaded.value = true;
    loadError.value = null;
  }

  function setActiveProfileId(id: string | null): void {
    activeProfileId.value = id;
  }

  function setLoadError(error: AppError | null): void {
    loadError.value = error;
  }

  function upsert(profile: Profile): void {
    const index = profiles.value.findIndex((existing) => existing.id === profile.id);
    if (index === -1) profiles.value = [...profiles.value, profile];
    else profiles.value = profiles.value.map((existing) => (existing.id === profile.id ? profile : existing));
  }

  function setRightsCheck(id: string, check: RightsCheckState): void {
    rightsChecks.value = { ...rightsChecks.value, [id]: check };
  }

  function drop(id: string): void {
    profiles.value = profiles.value.filter((profile) => profile.id !== id);
    if (activeProfileId.value === id) activeProfileId.value = null;
  }

  return {
    profiles, activeProfileId, loaded, loadError, rightsChecks, activeProfile,
    setProfiles, setActiveProfileId, setLoadError, upsert, setRightsCheck, drop,
  };
});
