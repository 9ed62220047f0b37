// Which rights (PAY, WDR, HIST, ORD) a profile's key holds, found with cheap calls that
// move no money, recorded on the profile. The Profiles page asks for it right after a save (and
// on "Check again"), so the user sees the outcome: the rights, or why they could not be checked.
import { KEY_RIGHTS, type Profile } from '../../preload/contract';
import { ok } from '../../preload/contract/result';
import { AppFailure } from './app-error';
import type { Handlers } from './dispatch';
import type { ProfilesService } from './profiles';
import { toAppFailure } from './session/api-failure';
import type { ProfileSessions } from './session/profile-sessions';

export interface RightsProbeDeps {
  profiles: Pick<ProfilesService, 'find' | 'recordRights'>;
  sessions: Pick<ProfileSessions, 'clientFor'>;
}

export function createRightsHandlers(deps: RightsProbeDeps): Pick<Handlers, 'checkProfileRights'> {
  return {
    checkProfileRights: async ({ id }) => {
      const profile = deps.profiles.find(id);
      if (profile === undefined) throw new AppFailure('NOT_FOUND', 'No such profile', 'id');
      return ok(await probeRightsOf(profile, deps));
    },
  };
}

async function probeRightsOf(profile: Profile, deps: RightsProbeDeps) {
  const api = deps.sessions.clientFor(profile);
  try {
    const probe = await api.probeRights();
    if (probe.undetermined.length === KEY_RIGHTS.length) {
      // Not one probe got an answer that says anything: the rights are unknown, not "none".
      throw new AppFailure('SERVICE_UNREACHABLE',
        `The service at ${profile.restUrl} answered no rights probe; check the URL and the connection (${probe.evidence.PAY})`);
    }
    const updated = deps.profiles.recordRights(profile.id, probe.rights); // announces the change
    return { profile: updated, undetermined: probe.undetermined };
  } catch (error) {
    // A refused key, an unreachable service: the rights stay unknown and the user hears why.
    throw toAppFailure(error);
  } finally {
    api.close();
  }
}
