// How a profile is worded on screen.
import type { AuthMethod, Profile } from '../../../../preload/contract';

export const AUTH_METHOD_LABELS = { HS256: 'HS256', BASIC: 'Basic' } as const satisfies Record<AuthMethod, string>;

/** A long key shortened to its ends, e.g. "abcd1234…wxyz"; short keys are shown whole. */
export function abbreviateKey(key: string, head = 8, tail = 4): string {
  return key.length <= head + tail + 1 ? key : `${key.slice(0, head)}…${key.slice(-tail)}`;
}

export function secretStatus(profile: Pick<Profile, 'hasSecret' | 'builtIn'>): string {
  if (profile.hasSecret) return 'In the OS keychain';
  // No keychain reachable: the sandbox running inside Coffer signs with its own key, held in memory.
  return profile.builtIn ? 'Held by the built-in sandbox' : 'Not stored';
}

/** Rights line: the known rights, or why they are not shown. */
export function rightsSummary(rights: Profile['rights']): string[] | string {
  if (rights === null) return 'Not checked yet';
  return rights.length === 0 ? 'None' : [...rights];
}

/** The built-in sandbox first, then by name; activating one does not reorder the list. */
export function sortProfiles(profiles: readonly Profile[]): Profile[] {
  const rank = (profile: Profile) => (profile.builtIn ? 0 : 1);
  return [...profiles].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
