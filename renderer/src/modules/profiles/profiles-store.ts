// Profiles as the renderer knows them: state only, updated synchronously by use-profiles.ts.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppError, Profile } from '../../../../preload/contract';

export const useProfilesStore = defineStore('profiles', () => {
  const profiles = ref<Profile[]>([]);
  const activeProfileId = ref<string | null>(null);
  const loaded = ref(false);
  const loadError = ref<AppError | null>(null);

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

  function drop(id: string): void {
    profiles.value = profiles.value.filter((profile) => profile.id !== id);
    if (activeProfileId.value === id) activeProfileId.value = null;
  }

  return { profiles, activeProfileId, loaded, loadError, activeProfile, setProfiles, setActiveProfileId, setLoadError, upsert, drop };
});
