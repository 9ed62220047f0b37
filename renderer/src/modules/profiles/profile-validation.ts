// Checks the profile form before anything is sent, with the same rules main enforces
// (preload/contract-schemas.ts), so the user sees the message on the field at once.
import {
  API_VERSIONS,
  AUTH_METHODS,
  type ApiVersion,
  type AuthMethod,
  type ProfileInput,
} from '../../../../preload/contract';

export type ProfileField = keyof ProfileInput;
export type FieldErrors = Partial<Record<ProfileField, string>>;

/** What the form holds while the user types: every field a string. */
export interface ProfileDraft {
  name: string;
  apiVersion: string;
  restUrl: string;
  streamUrl: string;
  authMethod: string;
  publicKey: string;
  secretKey: string;
}

export const PROFILE_FIELDS = [
  'name', 'apiVersion', 'restUrl', 'streamUrl', 'authMethod', 'publicKey', 'secretKey',
] as const satisfies readonly ProfileField[];

export const LIMITS = { name: 80, publicKey: 512, secretKey: 1024 } as const;

export type DraftCheck = { ok: true; input: ProfileInput } | { ok: false; errors: FieldErrors };

const isApiVersion = (value: string): value is ApiVersion => (API_VERSIONS as readonly string[]).includes(value);
const isAuthMethod = (value: string): value is AuthMethod => (AUTH_METHODS as readonly string[]).includes(value);

export function isProfileField(value: unknown): value is ProfileField {
  return typeof value === 'string' && (PROFILE_FIELDS as readonly string[]).includes(value);
}

/** null when `value` is an absolute URL with one of `protocols` and a host, else the message. */
export function urlProblem(value: string, protocols: readonly string[], what: string): string | null {
  if (!value) return `Enter ${what}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `Must be ${what}`;
  }
  if (!protocols.includes(url.protocol) || !url.hostname) return `Must be ${what}`;
  if (url.username || url.password) return 'Leave credentials out of the URL; use the key fields';
  return null;
}

function textProblem(value: string, max: number, missing: string, tooLong: string): string | null {
  if (!value) return missing;
  return value.length > max ? tooLong : null;
}

/**
 * Check a draft. `secretRequired` is true when creating; when editing, an empty secret keeps
 * the one in the keychain and is left out of the request.
 */
export function checkProfileDraft(draft: ProfileDraft, secretRequired: boolean): DraftCheck {
  const name = draft.name.trim();
  const restUrl = draft.restUrl.trim();
  const streamUrl = draft.streamUrl.trim();
  const publicKey = draft.publicKey.trim();
  const secretKey = draft.secretKey;
  const problems: Record<ProfileField, string | null> = {
    name: textProblem(name, LIMITS.name, 'Enter a name', `Keep the name under ${LIMITS.name} characters`),
    apiVersion: isApiVersion(draft.apiVersion) ? null : `Choose API version ${API_VERSIONS.join(' or ')}`,
    restUrl: urlProblem(restUrl, ['http:', 'https:'], 'an http:// or https:// URL'),
    streamUrl: urlProblem(streamUrl, ['ws:', 'wss:'], 'a ws:// or wss:// URL'),
    authMethod: isAuthMethod(draft.authMethod) ? null : `Choose ${AUTH_METHODS.join(' or ')}`,
    publicKey: textProblem(publicKey, LIMITS.publicKey, 'Enter the public key', 'The public key is too long'),
    secretKey: secretProblem(secretKey, secretRequired),
  };
  const errors: FieldErrors = {};
  for (const field of PROFILE_FIELDS) {
    const problem = problems[field];
    if (problem) errors[field] = problem;
  }
  if (Object.keys(errors).length > 0 || !isApiVersion(draft.apiVersion) || !isAuthMethod(draft.authMethod)) {
    return { ok: false, errors };
  }
  const input: ProfileInput = { name, apiVersion: draft.apiVersion, restUrl, streamUrl, authMethod: draft.authMethod, publicKey };
  return { ok: true, input: secretKey ? { ...input, secretKey } : input };
}

function secretProblem(secret: string, required: boolean): string | null {
  if (!secret) return required ? 'Enter the secret key' : null;
  if (secret.trim() !== secret) return 'The secret key starts or ends with a space; paste it again';
  return secret.length > LIMITS.secretKey ? 'The secret key is too long' : null;
}
