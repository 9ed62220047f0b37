// Connection profiles: which service a profile talks to, with which key (the secret is
// write-only: stored in the OS keychain, never returned), and the rights that key was found to hold.
import { z } from 'zod';
import { changes, noPayload, reads, type Op, type OperationSpecs } from './operation';
import { API_VERSIONS, AUTH_METHODS, type ApiVersion, type AuthMethod } from './profile-choices';
import { basicOnlyOverTls, endpointUrl, profileIdText, visibleText } from './profile-schemas';
import type { AppError } from './result';

export { API_VERSIONS, AUTH_METHODS, type ApiVersion, type AuthMethod } from './profile-choices';

export const KEY_RIGHTS = ['PAY', 'WDR', 'HIST', 'ORD'] as const;
export type KeyRight = (typeof KEY_RIGHTS)[number];

/** What the renderer may know of a profile: everything but the secret. */
export interface Profile {
  id: string;
  name: string;
  apiVersion: ApiVersion;
  restUrl: string;
  streamUrl: string;
  authMethod: AuthMethod;
  publicKey: string;
  /** True when a secret is stored in the OS keychain for this profile. */
  hasSecret: boolean;
  /** The built-in sandbox profile: started in-process, cannot be removed. */
  builtIn: boolean;
  /** Rights the key was found to hold when last probed; null before any probe. */
  rights: KeyRight[] | null;
  /**
   * Other desks or scripts use the same exchange account. Their moves can look exactly like this
   * desk's, so a lost request is then never settled on a transaction the service gives no proof of.
   */
  sharedAccount: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Form input. secretKey is write-only: sent once, stored in the keychain, never returned. */
export interface ProfileInput {
  name: string;
  apiVersion: ApiVersion;
  restUrl: string;
  streamUrl: string;
  authMethod: AuthMethod;
  publicKey: string;
  /** Omitted: false when creating (one desk, as before the question existed), kept on update. */
  sharedAccount?: boolean;
  /** Required when creating; on update, omitted or empty keeps the stored secret. */
  secretKey?: string;
}

export interface ProfileUpdate extends ProfileInput {
  id: string;
}

/** What a rights check found: the profile with its rights recorded, and the rights no probe could
 *  decide (the service lacks the endpoint or was unavailable for that one call). */
export interface RightsCheck {
  profile: Profile;
  undetermined: KeyRight[];
}

/** What trying a new or changed key against the service before saving it found: its rights
 *  (recorded on the profile), or why it could not be tried (the profile is saved, rights unknown).
 *  A key the service refuses is not saved at all: the save fails on the secret key's field. */
export type KeyCheck =
  | { state: 'checked'; undetermined: KeyRight[] }
  | { state: 'notChecked'; reason: AppError }
  | { state: 'unchanged' };

/** A saved profile with what the check of its key found (keyCheck is not stored with it). */
export interface SavedProfile extends Profile {
  keyCheck: KeyCheck;
}

export interface ProfileOperations {
  listProfiles: Op<void, Profile[]>;
  createProfile: Op<ProfileInput, SavedProfile>;
  updateProfile: Op<ProfileUpdate, SavedProfile>;
  removeProfile: Op<{ id: string }, { removed: true }>;
  activateProfile: Op<{ id: string }, Profile>;
  /** Probes which rights the profile's key holds (read-only calls) and records them. */
  checkProfileRights: Op<{ id: string }, RightsCheck>;
  /** A normal (editable, removable) profile of the built-in sandbox's account through another API
   *  version: same URLs, same key, the secret copied keychain to keychain inside main. */
  addBuiltInSandboxProfile: Op<{ apiVersion: ApiVersion }, Profile>;
}

const apiVersion = z.enum(API_VERSIONS, { error: `API version must be one of ${API_VERSIONS.join(', ')}` });

const profileFields = {
  name: z.string().trim().min(1, 'Enter a name').max(80, 'Keep the name under 80 characters').superRefine(visibleText('The name')),
  apiVersion,
  restUrl: endpointUrl('rest'),
  streamUrl: endpointUrl('stream'),
  authMethod: z.enum(AUTH_METHODS, { error: `Auth method must be one of ${AUTH_METHODS.join(', ')}` }),
  publicKey: z.string().trim().min(1, 'Enter the public key').max(512, 'The public key is too long').superRefine(visibleText('The public key')),
  sharedAccount: z.boolean({ error: 'Shared account must be true or false' }).optional(),
};

// Trimmed: a pasted key often carries a trailing newline, which would break every signature.
const secretKey = z.string().trim().max(1024, 'The secret key is too long');
const profileId = z.object({ id: profileIdText }).strict();

export const PROFILE_OPERATIONS = {
  listProfiles: reads(noPayload),
  createProfile: changes(
    z
      .object({ ...profileFields, secretKey: secretKey.min(1, 'Enter the secret key') })
      .strict()
      .superRefine(basicOnlyOverTls),
  ),
  updateProfile: changes(
    z
      .object({ ...profileFields, secretKey: secretKey.optional(), id: profileIdText })
      .strict()
      .superRefine(basicOnlyOverTls),
  ),
  removeProfile: changes(profileId),
  activateProfile: changes(profileId),
  /** Records the rights it found on the profile. */
  checkProfileRights: changes(profileId),
  addBuiltInSandboxProfile: changes(z.object({ apiVersion }).strict()),
} as const satisfies OperationSpecs<ProfileOperations>;
