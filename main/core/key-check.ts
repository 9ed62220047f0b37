// A new or changed key is tried against the service before the profile is saved, with the same
// read-only rights probe as "Check again". A key the service refuses is not saved: the refusal
// names the secret key's field. A service that cannot be reached leaves the key untried: the profile
// may be saved, its rights unknown, with the reason said.
import type { KeyCheck, KeyRight, Profile } from '../../preload/contract';
import { KEY_RIGHTS } from '../../preload/contract';
import { isApiError, type ApiError } from '../exchange/errors';
import type { TreasuryApi } from '../exchange/treasury-api';
import { AppFailure } from './app-error';
import { toAppFailure } from './session/api-failure';

/** What the check of a key found, for the profile about to be saved. */
export type KeyTrial =
  | { state: 'checked'; rights: KeyRight[]; undetermined: KeyRight[] }
  | { state: 'notChecked'; reason: { code: string; message: string } };

export type KeyTrier = (profile: Profile, secret: string) => Promise<KeyTrial>;

/** The service refused the key itself (unknown key, wrong secret, unsupported scheme). */
const refusesKey = (error: ApiError) => error.kind === 'service' && (error.status === 401 || [1001, 1002, 1004].includes(error.code ?? 0));
/** Nothing the service said can judge the key: no answer, or an outage. */
const untried = (error: ApiError) =>
  error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'service' && (error.status ?? 0) >= 500);

export function keyTrier(clientWithSecret: (profile: Profile, secret: string) => TreasuryApi): KeyTrier {
  return async (profile, secret) => {
    const api = clientWithSecret(profile, secret);
    try {
      const probe = await api.probeRights();
      if (probe.undetermined.length === KEY_RIGHTS.length) {
        const reason = `The service at ${profile.restUrl} answered no rights probe (${probe.evidence.PAY})`;
        return { state: 'notChecked', reason: { code: 'SERVICE_UNREACHABLE', message: reason } };
      }
      return { state: 'checked', rights: probe.rights, undetermined: probe.undetermined };
    } catch (error) {
      if (isApiError(error) && refusesKey(error)) {
        throw new AppFailure(error.appCode, `The service refused this key, so it was not saved: ${error.words}`, 'secretKey');
      }
      if (isApiError(error) && untried(error)) return { state: 'notChecked', reason: { code: error.appCode, message: error.words } };
      throw toAppFailure(error);
    } finally {
      api.close();
    }
  };
}

/** The check as the contract reports it; the rights themselves go on the profile. */
export const keyCheckOf = (trial: KeyTrial): KeyCheck =>
  trial.state === 'checked' ? { state: 'checked', undetermined: trial.undetermined } : trial;
