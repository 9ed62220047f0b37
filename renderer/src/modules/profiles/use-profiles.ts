// Async profile work: each call goes through the bridge and, when it succeeds, updates the store.
// Results come back as data so the caller can put an error on the field it names.
import { appErrorText } from '../../../../preload/contract/result';
import type { ApiVersion, Profile, ProfileInput, ProfileUpdate, Result } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { useAppStore } from '../app/app-store';
import { useProfilesStore } from './profiles-store';

export interface ProfileActions {
  load: () => Promise<void>;
  create: (input: ProfileInput) => Promise<Result<Profile>>;
  update: (input: ProfileUpdate) => Promise<Result<Profile>>;
  remove: (id: string) => Promise<Result<{ removed: true }>>;
  activate: (id: string) => Promise<Result<Profile>>;
  checkRights: (id: string) => Promise<void>;
  /** A profile of the built-in sandbox's account through another API version (its key stays in main). */
  addBuiltInSandboxProfile: (apiVersion: ApiVersion) => Promise<Result<Profile>>;
}

export function useProfiles(): ProfileActions {
  const { api } = useBridge();
  const store = useProfilesStore();
  const appStore = useAppStore();

  /** Reload everything the profile views show: the list and which profile is active. */
  async function load(): Promise<void> {
    const [list, info] = await Promise.all([api.listProfiles(), api.getAppInfo()]);
    if (!list.ok) {
      store.setLoadError(list.error);
      return;
    }
    store.setProfiles(list.value);
    if (info.ok) {
      appStore.setInfo(info.value);
      store.setActiveProfileId(info.value.activeProfileId);
    }
  }

  async function create(input: ProfileInput): Promise<Result<Profile>> {
    const result = await api.createProfile(input);
    if (result.ok) store.upsert(result.value);
    return result;
  }

  async function update(input: ProfileUpdate): Promise<Result<Profile>> {
    const result = await api.updateProfile(input);
    if (result.ok) store.upsert(result.value);
    return result;
  }

  async function remove(id: string): Promise<Result<{ removed: true }>> {
    const result = await api.removeProfile({ id });
    if (result.ok) store.drop(id);
    return result;
  }

  async function activate(id: string): Promise<Result<Profile>> {
    const result = await api.activateProfile({ id });
    if (result.ok) {
      store.upsert(result.value);
      store.setActiveProfileId(result.value.id);
    }
    return result;
  }

  /** Probes the key's rights; the card shows "checking", then the rights or why they are unknown. */
  async function checkRights(id: string): Promise<void> {
    store.setRightsCheck(id, { state: 'checking' });
    const result = await api.checkProfileRights({ id });
    if (result.ok) {
      store.upsert(result.value.profile);
      store.setRightsCheck(id, { state: 'done', undetermined: result.value.undetermined });
    } else {
      store.setRightsCheck(id, { state: 'failed', message: appErrorText(result.error) });
    }
  }

  async function addBuiltInSandboxProfile(apiVersion: ApiVersion): Promise<Result<Profile>> {
    const result = await api.addBuiltInSandboxProfile({ apiVersion });
    if (result.ok) store.upsert(result.value);
    return result;
  }

  return { load, create, update, remove, activate, checkRights, addBuiltInSandboxProfile };
}
