// Main's word on where a profile's key may go, whoever called: the request schemas check the
// same rules, but the profile service must not rely on its caller having run them. Every refusal
// names its field and never quotes the URL (it may hold a password).
import type { Profile, ProfileInput, ProfileUpdate } from '../../preload/contract';
import {
  basicAuthProblem,
  endpointProblem,
  movesHost,
  SECRET_FOR_NEW_HOST_MESSAGE,
} from '../../preload/contract/endpoint-rules';
import { AppFailure } from './app-error';

/** Throws unless both endpoints are TLS or loopback, carry no credentials, and Basic is protected. */
export function assertEndpointsAllowed(input: Pick<ProfileInput, 'restUrl' | 'streamUrl' | 'authMethod'>): void {
  const problems = [
    ['restUrl', endpointProblem(input.restUrl, 'rest')],
    ['streamUrl', endpointProblem(input.streamUrl, 'stream')],
    ['authMethod', basicAuthProblem(input.authMethod, input.restUrl, input.streamUrl)],
  ] as const;
  for (const [field, problem] of problems) {
    if (problem !== null) throw new AppFailure('VALIDATION', problem, field);
  }
}

/**
 * Throws when an edit points the profile at another origin without a new secret: the stored
 * secret was given for the old host and is never sent to a new one.
 */
export function assertSecretForNewHost(current: Profile, change: ProfileUpdate): void {
  const newSecret = (change.secretKey ?? '') !== '';
  if (!newSecret && movesHost(current, change)) {
    throw new AppFailure('VALIDATION', SECRET_FOR_NEW_HOST_MESSAGE, 'secretKey');
  }
}
