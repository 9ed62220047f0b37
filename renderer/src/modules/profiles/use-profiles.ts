// Async profile work: each call goes through the bridge and, when it succeeds, updates the store.
// Results come back as data so the caller can put an error on the field it names.
import { appErrorText } from '../../../../preload/contract/result';
import type { ApiVersion, Profile, ProfileInput, ProfileUpdate, Result, SavedProfile } from '../../../../preload/contract';
import { useBridge } from '../../bridge-key';
import { useAppStore } from '../app/app-store';
import { useProfilesStore } from './profiles-store';

export interface ProfileActions {
  load: () => Promise<void>;
  /** Main tries the key first: a refused key comes back as an error on secretKey, nothing saved. */
  create: (input: ProfileInput) => Promise<Result<SavedProfile>>;
  update: (input: ProfileUpdate) => Promise<Result<SavedProfile>>;
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

  /** The saved profile goes to the list; what the key's check found goes on its card. */
  function keep(result: Result<SavedProfile>): Result<SavedProfile> {
    if (!result.ok) return result;
    const { keyCheck, ...profile } = result.value;
    store.upsert(profile);
    if (keyCheck.state === 'checked') store.setRightsCheck(profile.id, { state: 'done', undetermined: keyCheck.undetermined });
    if (keyCheck.state === 'notChecked') store.setRightsCheck(profile.id, { state: 'failed', message: appErrorText(keyCheck.reason) });
    return result;
  }

  const create = async (input: ProfileInput) => keep(await api.createProfile(input));
  const update = async (input: ProfileUpdate) => keep(await api.updateProfile(input));

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
