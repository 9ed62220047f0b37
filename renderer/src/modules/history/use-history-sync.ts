// The History page's link to the sync: the status read when the page opens (and when the link or
// the profile changes), then followed from historySyncProgress; historyChanged tells the page to
// read its rows again, at most once a second however fast the store fills. A read that finishes or
// pauses by itself is said aloud.
import { onScopeDispose, watch } from 'vue';
import { useBridge } from '../../bridge-key';
import { announce } from '../a11y/announcer';
import { useConnectionStore } from '../connection/connection-store';
import { useProfilesStore } from '../profiles/profiles-store';
import { useHistoryStore } from './history-store';
import { throttled } from './use-history-browser';
import { syncAnnouncement } from './sync-words';

/** The fastest the table and totals are read again while rows keep arriving. */
export const CHANGE_REFRESH_MS = 1_000;

export interface HistorySync {
  load(): Promise<void>;
  syncNow(): Promise<void>;
}

export function useHistorySync(onChanged: () => void): HistorySync {
  const { api } = useBridge();
  const store = useHistoryStore();
  const connection = useConnectionStore();
  const profiles = useProfilesStore();
  const changed = throttled(onChanged, CHANGE_REFRESH_MS);

  async function load(): Promise<void> {
    const profileId = profiles.activeProfileId;
    const result = await api.historySyncStatus();
    if (profiles.activeProfileId !== profileId) return; // another profile's answer
    if (result.ok) store.setStatus(profileId, result.value);
    else store.setStatusError(result.error);
  }

  async function syncNow(): Promise<void> {
    const profileId = profiles.activeProfileId;
    const result = await api.syncHistoryNow();
    if (profiles.activeProfileId !== profileId) return;
    if (result.ok) store.setStatus(profileId, result.value);
    else store.setStatusError(result.error);
  }

  const stops = [
    api.on('historySyncProgress', ({ profileId, status }) => {
      if (profileId === profiles.activeProfileId) store.setStatus(profileId, status);
    }),
    api.on('historyChanged', ({ profileId }) => {
      if (profileId === profiles.activeProfileId) changed.call();
    }),
  ];
  onScopeDispose(() => {
    stops.forEach((stop) => stop());
    changed.cancel();
  });

  watch(
    () => [connection.transport.kind, profiles.activeProfileId] as const,
    ([kind, profileId]) => {
      if (kind === 'ready' && profileId !== null) void load();
    },
    { immediate: true },
  );

  watch(
    () => store.status,
    (now, before) => {
      const words = now ? syncAnnouncement(before ?? null, now) : null;
      if (words) announce(words);
    },
  );

  return { load, syncNow };
}
