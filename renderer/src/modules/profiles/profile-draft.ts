// Form drafts: a blank one for a new profile, or one filled from a stored profile (whose secret
// is never known to the renderer, so its field starts empty).
import type { AppError, Profile } from '../../../../preload/contract';
import { appErrorText } from '../../../../preload/contract/result';
import { isProfileField, type FieldErrors, type ProfileDraft } from './profile-validation';

export function blankDraft(): ProfileDraft {
  return { name: '', apiVersion: '3', restUrl: '', streamUrl: '', authMethod: 'HS256', publicKey: '', secretKey: '', sharedAccount: false };
}

export function draftFromProfile(profile: Profile): ProfileDraft {
  const { name, apiVersion, restUrl, streamUrl, authMethod, publicKey, sharedAccount } = profile;
  return { name, apiVersion, restUrl, streamUrl, authMethod, publicKey, secretKey: '', sharedAccount };
}

/** Where an error from main belongs: on a form field when it names one (with its code once, unless
 *  it is a plain input check), else in the alert. */
export function placeError(error: AppError): { fieldErrors: FieldErrors; alert: AppError | null } {
  const words = error.code === 'VALIDATION' ? error.message : appErrorText(error);
  if (isProfileField(error.field)) return { fieldErrors: { [error.field]: words }, alert: null };
  return { fieldErrors: {}, alert: error };
}
