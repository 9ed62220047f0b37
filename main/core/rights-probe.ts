// Issue 4 §9: when a profile is saved, find which rights (PAY, WDR, HIST, ORD) its key holds with
// cheap calls that move no money, record them, and tell the renderer so the Profiles page shows
// them. The save itself never waits for the probe: a slow or unreachable service must not block it.
import type { Profile } from '../../preload/contract';
import type { EventBus } from './events';
import type { ProfileHandlers } from './profile-handlers';
import type { ProfilesService } from './profiles';
import type { ProfileSessions } from './wallet/sessions';

export interface RightsProbeDeps {
  profiles: Pick<ProfilesService, 'recordRights' | 'activeProfileId'>;
  events: Pick<EventBus, 'emit'>;
  sessions: Pick<ProfileSessions, 'clientFor'>;
}

/** Wraps the create and update handlers so each successful save starts a rights probe. */
export function probeAfterSave(handlers: ProfileHandlers, deps: RightsProbeDeps): ProfileHandlers {
  return {
    ...handlers,
    createProfile: async (input) => startProbe(await handlers.createProfile(input), deps),
    updateProfile: async (change) => startProbe(await handlers.updateProfile(change), deps),
  };
}

function startProbe<R extends { ok: true; value: Profile } | { ok: false }>(result: R, deps: RightsProbeDeps): R {
  if (result.ok) void probeRightsOf(result.value, deps);
  return result;
}

export async function probeRightsOf(profile: Profile, deps: RightsProbeDeps): Promise<void> {
  const api = deps.sessions.clientFor(profile);
  try {
    const probe = await api.probeRights();
    deps.profiles.recordRights(profile.id, probe.rights);
    deps.events.emit('profilesChanged', { activeProfileId: deps.profiles.activeProfileId() });
  } catch (error) {
    // A bad key or an unreachable service leaves the rights unknown; the wallet pages report it.
    console.warn(`[rights] could not probe “${profile.name}”: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    api.close();
  }
}
