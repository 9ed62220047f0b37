// The ONLY caller of shell.openExternal (lint enforces it): https links to allow-listed hosts, and
// the provider checkout pages core registered, go to the system browser; everything else is
// refused and logged.
import { shell } from 'electron';
import { EXTERNAL_HOST_ALLOW_LIST, externalUrlToOpen, type ExternalAllowance } from './policy';

export async function openExternalLink(url: string, allowance?: ExternalAllowance): Promise<boolean> {
  const allowed = externalUrlToOpen(url, EXTERNAL_HOST_ALLOW_LIST, allowance);
  if (allowed === null) {
    console.warn('[open-external] refused a link that is neither https to an allow-listed host nor a checkout page the service gave');
    return false;
  }
  await shell.openExternal(allowed);
  return true;
}
