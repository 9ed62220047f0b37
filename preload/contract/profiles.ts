export const API_VERSIONS = ['3'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

export const AUTH_METHODS = ['HS256', 'BASIC'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

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
