// The ONLY caller of shell.openExternal (lint enforces it): https links to allow-listed hosts go
// to the system browser; everything else is refused and logged.
import { shell } from 'electron';
import { externalUrlToOpen } from './policy';

export async function openExternalLink(url: string): Promise<boolean> {
  const allowed = externalUrlToOpen(url);
  if (allowed === null) {
    console.warn('[open-external] refused a link that is not https to an allow-listed host');
    return false;
  }
  await shell.openExternal(allowed);
  return true;
}
