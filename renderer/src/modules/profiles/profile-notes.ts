// What the profile form and card say about two settings whose effect is not visible at once: the
// authentication method (whether a lost request can ever be known not to have run) and whether
// other desks or scripts use the same account.

export interface FormNote {
  title: string;
  text: string;
}

const BASIC_UNBOUNDED = 'With Basic, a request delayed on the network could still run at any time, so Coffer can never conclude that a lost request did not happen.';

/**
 * The note under the authentication choice, or null when nothing needs saying. Version 3 signs
 * each HS256 request with a time window the service enforces; version 2's documentation names no
 * such bound, so there only Basic's own consequence is stated.
 */
export function authMethodNote(apiVersion: string, authMethod: string): FormNote | null {
  if (authMethod !== 'BASIC') return null;
  if (apiVersion === '3') {
    return { title: 'HS256 is recommended', text: `${BASIC_UNBOUNDED} With HS256 the service refuses it once its time window has passed.` };
  }
  return { title: 'A lost request stays open with Basic', text: `${BASIC_UNBOUNDED} It keeps looking for it, and only you can decide that it will not happen.` };
}

export const SHARED_ACCOUNT_QUESTION = 'Do other desktops or scripts use this account?';

export const SHARED_ACCOUNT_HINT =
  'If yes, Coffer never links a lost request to a transaction it cannot prove is its own; such cases are shown to you to decide.';

/** The card's line for the setting. */
export function sharedAccountText(sharedAccount: boolean): string {
  return sharedAccount ? 'Other desktops or scripts too' : 'This Coffer only';
}
