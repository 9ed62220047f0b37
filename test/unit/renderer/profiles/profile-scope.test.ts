// The one way the renderer's holders belong to the active profile: what they hold is forgotten
// synchronously, once per change of the active profile, and only its answers are accepted.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { scopeToActiveProfile } from '../../../../renderer/src/modules/profiles/profile-scope';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';

beforeEach(() => setActivePinia(createPinia()));

describe('scopeToActiveProfile', () => {
  it('forgets at once when another profile becomes active, never for the same one, and stops with its scope', () => {
    const profiles = useProfilesStore();
    profiles.setActiveProfileId('p1');
    const forgotten: (string | null)[] = [];
    const owner = effectScope();
    const scope = owner.run(() => scopeToActiveProfile(() => forgotten.push(scope?.heldFor.value ?? null)));
    if (!scope) throw new Error('no scope');
    expect(scope.heldFor.value).toBe('p1');
    profiles.setActiveProfileId('p1');
    expect(forgotten).toEqual([]);
    profiles.setActiveProfileId('p2');
    expect(forgotten).toEqual(['p1']); // before any await: nothing of p1 is left to render with p2
    expect(scope.heldFor.value).toBe('p2');
    profiles.drop('p2'); // the active profile removed: nothing is active
    expect([forgotten, scope.heldFor.value]).toEqual([['p1', 'p2'], null]);
    owner.stop();
    profiles.setActiveProfileId('p3');
    expect(forgotten).toEqual(['p1', 'p2']);
  });

  it('accepts only the active profile\'s answers', () => {
    const profiles = useProfilesStore();
    profiles.setActiveProfileId('p1');
    const scope = effectScope().run(() => scopeToActiveProfile(() => undefined));
    expect([scope?.accepts('p1'), scope?.accepts('p2'), scope?.accepts(null)]).toEqual([true, false, false]);
    profiles.setActiveProfileId(null);
    expect(scope?.accepts(null)).toBe(true);
  });
});
