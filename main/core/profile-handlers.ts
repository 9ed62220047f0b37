// The shell's own operations (app info and connection profiles), one handler each. Other features
// bring their own handler sets; main/core/app.ts spreads them all into the one Handlers map.
import type { AppInfo } from '../../preload/contract';
import { ok } from '../../preload/contract/result';
import type { Handlers } from './dispatch';
import type { ProfilesService } from './profiles';

export type ProfileOperationName =
  | 'getAppInfo'
  | 'listProfiles'
  | 'createProfile'
  | 'updateProfile'
  | 'removeProfile'
  | 'activateProfile'
  | 'addBuiltInSandboxProfile';

export type ProfileHandlers = Pick<Handlers, ProfileOperationName>;

export interface AppIdentity {
  version: string;
  transport: AppInfo['transport'];
  dataDir: string;
}

export function createProfileHandlers(profiles: ProfilesService, app: AppIdentity): ProfileHandlers {
  return {
    getAppInfo: async () => ok({ ...app, activeProfileId: profiles.activeProfileId() }),
    listProfiles: async () => ok(profiles.list()),
    createProfile: async (input) => ok(await profiles.create(input)),
    updateProfile: async (change) => ok(await profiles.update(change)),
    removeProfile: async ({ id }) => {
      await profiles.remove(id);
      return ok({ removed: true } as const);
    },
    activateProfile: async ({ id }) => ok(profiles.activate(id)),
    addBuiltInSandboxProfile: async ({ apiVersion }) => ok(await profiles.addBuiltInSandboxProfile(apiVersion)),
  };
}
