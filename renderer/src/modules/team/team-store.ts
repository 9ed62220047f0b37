// The team desk as the renderer knows it: state only, updated synchronously by use-team.ts (the
// status read at start, then again on every teamChanged). The team belongs to this desk, not to a
// profile; it governs the withdrawals of one profile (status.profileId), and only while that
// profile is active does the withdrawal form ask for a reason and offer the address book.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { AddressEntryView, TeamStatus } from '../../../../preload/contract/team';
import { announce } from '../a11y/announcer';
import { useProfilesStore } from '../profiles/profiles-store';
import { teamChangeSentence } from './team-words';

/** The address-book entries a withdrawal of `currency` may go to now. */
export function usableEntries(book: readonly AddressEntryView[], currency: string | null): AddressEntryView[] {
  if (currency === null) return [];
  return book.filter((entry) => entry.state === 'usable' && entry.currency === currency);
}

export const useTeamStore = defineStore('team', () => {
  const profiles = useProfilesStore();
  const status = ref<TeamStatus | null>(null);
  const loadError = ref<AppError | null>(null);
  /** Set once the app-wide subscription runs, so it is started only once. */
  const syncing = ref(false);

  const state = computed(() => status.value?.state ?? null);
  /** This desk is a member and the active profile is the one the team governs. */
  const governsActiveProfile = computed(
    () => status.value?.state === 'member' && status.value.profileId !== null && status.value.profileId === profiles.activeProfileId,
  );
  /** The address book, when the team governs the active profile's withdrawals. */
  const addressBook = computed(() => (governsActiveProfile.value ? status.value?.addressBook ?? [] : []));

  function setStatus(next: TeamStatus): void {
    const sentence = teamChangeSentence(status.value, next);
    status.value = next;
    loadError.value = null;
    if (sentence !== null) announce(sentence, 'polite');
  }

  function setLoadError(error: AppError | null): void {
    loadError.value = error;
  }

  function setSyncing(next: boolean): void {
    syncing.value = next;
  }

  return { status, loadError, syncing, state, governsActiveProfile, addressBook, setStatus, setLoadError, setSyncing };
});
