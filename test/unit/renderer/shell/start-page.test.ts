// Where the app opens: with a profile active, the page last used when it is worth coming back to,
// else the wallet; with none, the profiles. The choice waits until main has said which is active.
import { createPinia, setActivePinia } from 'pinia';
import { effectScope, nextTick } from 'vue';
import { beforeEach, describe, expect, it } from 'vitest';
import { useConnectionStore } from '../../../../renderer/src/modules/connection/connection-store';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { LAST_PAGE_KEY, readLastPage, rememberPage, startPageFor, type PageMemory } from '../../../../renderer/src/modules/shell/start-page';
import { useStartPage } from '../../../../renderer/src/modules/shell/use-start-page';

const RESTORABLE = ['wallet', 'approvals', 'audit'];

function memory(initial: Record<string, string> = {}): PageMemory & { items: Record<string, string> } {
  const items = { ...initial };
  return { items, getItem: (key) => items[key] ?? null, setItem: (key, value) => void (items[key] = value) };
}

describe('startPageFor', () => {
  it('opens on the profiles without an active profile, whatever was used last', () => {
    expect(startPageFor(null, 'approvals', RESTORABLE)).toBe('profiles');
  });

  it('opens on the last page used when it is one to restore, else on the wallet', () => {
    expect(startPageFor('p1', 'approvals', RESTORABLE)).toBe('approvals');
    expect(startPageFor('p1', null, RESTORABLE)).toBe('wallet');
    expect(startPageFor('p1', 'profiles', RESTORABLE)).toBe('wallet');
    expect(startPageFor('p1', 'gone-page', RESTORABLE)).toBe('wallet');
  });
});

describe('remembering the page', () => {
  it('keeps only pages worth restoring, and the last of them', () => {
    const store = memory();
    rememberPage(store, 'audit', RESTORABLE);
    rememberPage(store, 'profiles', RESTORABLE);
    rememberPage(store, undefined, RESTORABLE);
    expect(store.items[LAST_PAGE_KEY]).toBe('audit');
    rememberPage(store, 'approvals', RESTORABLE);
    expect(readLastPage(store)).toBe('approvals');
  });

  it('does without storage, or with storage that refuses', () => {
    const refusing: PageMemory = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readLastPage(refusing)).toBeNull();
    expect(readLastPage(undefined)).toBeNull();
    expect(() => rememberPage(refusing, 'wallet', RESTORABLE)).not.toThrow();
  });
});

describe('useStartPage', () => {
  beforeEach(() => setActivePinia(createPinia()));

  function start(stored: Record<string, string> = {}): string[] {
    const opened: string[] = [];
    effectScope().run(() => useStartPage((page) => opened.push(page), RESTORABLE, memory(stored)));
    return opened;
  }

  it('waits for the profile list, then opens once where the work is', async () => {
    const profiles = useProfilesStore();
    const opened = start({ [LAST_PAGE_KEY]: 'approvals' });
    expect(opened).toEqual([]);
    profiles.setProfiles([]);
    profiles.setActiveProfileId('p1');
    await nextTick();
    expect(opened).toEqual(['approvals']);
    profiles.setActiveProfileId(null);
    await nextTick();
    expect(opened).toEqual(['approvals']);
  });

  it('opens on the profiles when none is active or the list cannot be read', async () => {
    const profiles = useProfilesStore();
    const none = start();
    profiles.setProfiles([]);
    await nextTick();
    expect(none).toEqual(['profiles']);

    setActivePinia(createPinia());
    const failed = start({ [LAST_PAGE_KEY]: 'wallet' });
    useProfilesStore().setLoadError({ code: 'INTERNAL', message: 'broken' });
    await nextTick();
    expect(failed).toEqual(['profiles']);
  });

  it('has the page it opens on with a profile active fetched before the profile list is read', () => {
    const fetched: string[] = [];
    const opened: string[] = [];
    effectScope().run(() =>
      useStartPage((page) => opened.push(page), RESTORABLE, memory({ [LAST_PAGE_KEY]: 'audit' }), (page) => fetched.push(page)),
    );
    expect(fetched).toEqual(['audit']);
    expect(opened).toEqual([]);
    effectScope().run(() => useStartPage(() => undefined, RESTORABLE, memory({ [LAST_PAGE_KEY]: 'profiles' }), (page) => fetched.push(page)));
    expect(fetched).toEqual(['audit', 'wallet']);
  });

  it('opens on the profiles when the link to main cannot come up, and waits while it is coming', async () => {
    const connection = useConnectionStore();
    const opened = start();
    connection.setTransport({ kind: 'reconnecting', attempt: 2 });
    await nextTick();
    expect(opened).toEqual([]);
    connection.setTransport({ kind: 'no-token' });
    await nextTick();
    expect(opened).toEqual(['profiles']);
  });
});
