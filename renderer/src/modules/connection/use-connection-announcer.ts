// Says the connection's changes through the shell's live regions (see connection-announcement.ts),
// without moving focus. Called once, by the app shell.
import { computed, watch } from 'vue';
import { announce } from '../a11y/announcer';
import { useProfilesStore } from '../profiles/profiles-store';
import { linkAnnouncement, streamAnnouncement, type Announcement } from './connection-announcement';
import { useConnectionStore } from './connection-store';
import { summarizeStreams } from './connection-summary';

export function useConnectionAnnouncer(): void {
  const connection = useConnectionStore();
  const profiles = useProfilesStore();
  const say = (said: Announcement | null): void => {
    if (said) announce(said.text, said.politeness);
  };

  watch(
    () => connection.transport.kind,
    (after, before) => say(linkAnnouncement(before, after)),
  );
  const level = computed(() => {
    const id = profiles.activeProfileId;
    return summarizeStreams(id ? Object.values(connection.streams[id] ?? {}) : []);
  });
  const activeId = computed(() => profiles.activeProfileId);
  watch([level, activeId], ([after, id], [before, idBefore]) => {
    if (id === idBefore) say(streamAnnouncement(before, after));
  });
}
