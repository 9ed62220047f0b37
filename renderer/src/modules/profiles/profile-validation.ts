// Checks the profile form before anything is sent, with the same rules main enforces
// (preload/contract-schemas.ts and the rule modules it reads), so the user sees the message on
// the field at once.
import type { Profile, ProfileInput } from '../../../../preload/contract';
import {
  basicAuthProblem,
  endpointProblem,
  movesHost,
  SECRET_FOR_NEW_HOST_MESSAGE,
} from '../../../../preload/contract/endpoint-rules';
import { API_VERSIONS, AUTH_METHODS, type ApiVersion, type AuthMethod } from '../../../../preload/contract/profile-choices';
import { hiddenCharacterProblem } from '../../../../preload/contract/text-rules';
import { streamUrlFor } from './profile-versions';

export type ProfileField = keyof ProfileInput;
export type FieldErrors = Partial<Record<ProfileField, string>>;

/** What the form holds while the user types: every text field a string, the yes/no a boolean. */
export interface ProfileDraft {
  name: string;
  apiVersion: string;
  restUrl: string;
  streamUrl: string;
  authMethod: string;
  publicKey: string;
  secretKey: string;
  sharedAccount: boolean;
}

export const PROFILE_FIELDS = [
  'name', 'apiVersion', 'restUrl', 'streamUrl', 'authMethod', 'publicKey', 'secretKey', 'sharedAccount',
] as const satisfies readonly ProfileField[];

export const LIMITS = { name: 80, publicKey: 512, secretKey: 1024 } as const;

export type DraftCheck = { ok: true; input: ProfileInput } | { ok: false; errors: FieldErrors };

/**
 * What the secret field asks for: a new profile needs one ('required'); an edit keeps the stored
 * one when left empty ('keep'), unless it moves the profile to another host ('again').
 */
export type SecretRule = 'required' | 'keep' | 'again';

const isApiVersion = (value: string): value is ApiVersion => (API_VERSIONS as readonly string[]).includes(value);
const isAuthMethod = (value: string): value is AuthMethod => (AUTH_METHODS as readonly string[]).includes(value);

export function isProfileField(value: unknown): value is ProfileField {
  return typeof value === 'string' && (PROFILE_FIELDS as readonly string[]).includes(value);
}

export function secretRuleFor(editing: Profile | null, draft: ProfileDraft): SecretRule {
  if (editing === null) return 'required';
  const restUrl = draft.restUrl.trim();
  return movesHost(editing, { restUrl, streamUrl: streamUrlOf(draft.streamUrl, restUrl) }) ? 'again' : 'keep';
}

/** The streaming URL typed, or when left empty the one derived from the REST URL ('' if none). */
function streamUrlOf(typed: string, restUrl: string): string {
  return typed.trim() || (streamUrlFor(restUrl) ?? '');
}

function textProblem(value: string, max: number, what: string, missing: string, tooLong: string): string | null {
  if (!value) return missing;
  return value.length > max ? tooLong : hiddenCharacterProblem(value, what);
}

/**
 * Check a draft. With the 'keep' rule an empty secret keeps the one in the keychain and is left
 * out of the request. An empty streaming URL stands for the one derived from an acceptable REST URL.
 */
export function checkProfileDraft(draft: ProfileDraft, secretRule: SecretRule): DraftCheck {
  const name = draft.name.trim();
  const restUrl = draft.restUrl.trim();
  const publicKey = draft.publicKey.trim();
  const secretKey = draft.secretKey;
  const restProblem = endpointProblem(restUrl, 'rest');
  const streamUrl = streamUrlOf(draft.streamUrl, restProblem === null ? restUrl : '');
  const streamProblem = endpointProblem(streamUrl, 'stream');
  const problems: Record<ProfileField, string | null> = {
    name: textProblem(name, LIMITS.name, 'The name', 'Enter a name', `Keep the name under ${LIMITS.name} characters`),
    apiVersion: isApiVersion(draft.apiVersion) ? null : `Choose API version ${API_VERSIONS.join(' or ')}`,
    restUrl: restProblem,
    streamUrl: streamProblem,
    authMethod: authMethodProblem(draft.authMethod, restUrl, streamUrl, restProblem !== null || streamProblem !== null),
    publicKey: textProblem(publicKey, LIMITS.publicKey, 'The public key', 'Enter the public key', 'The public key is too long'),
    secretKey: secretProblem(secretKey, secretRule),
    // A switch: it can only hold yes or no.
    sharedAccount: null,
  };
  const errors: FieldErrors = {};
  for (const field of PROFILE_FIELDS) {
    const problem = problems[field];
    if (problem) errors[field] = problem;
  }
  if (Object.keys(errors).length > 0 || !isApiVersion(draft.apiVersion) || !isAuthMethod(draft.authMethod)) {
    return { ok: false, errors };
  }
  const input: ProfileInput = {
    name, apiVersion: draft.apiVersion, restUrl, streamUrl, authMethod: draft.authMethod, publicKey, sharedAccount: draft.sharedAccount,
  };
  return { ok: true, input: secretKey ? { ...input, secretKey } : input };
}

// Basic is judged only once both URLs are acceptable, so one mistake is not reported twice.
function authMethodProblem(method: string, restUrl: string, streamUrl: string, urlsRefused: boolean): string | null {
  if (!isAuthMethod(method)) return `Choose ${AUTH_METHODS.join(' or ')}`;
  return urlsRefused ? null : basicAuthProblem(method, restUrl, streamUrl);
}

function secretProblem(secret: string, rule: SecretRule): string | null {
  if (!secret) return { required: 'Enter the secret key', again: SECRET_FOR_NEW_HOST_MESSAGE, keep: null }[rule];
  if (secret.trim() !== secret) return 'The secret key starts or ends with a space; paste it again';
  return secret.length > LIMITS.secretKey ? 'The secret key is too long' : null;
}
