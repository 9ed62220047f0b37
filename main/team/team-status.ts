// The team's status as this desk shows it: the entries' verdicts plus what only this desk knows
// (the server it reaches, whether it reaches it now, the profile the team governs).
import type { TeamStatus } from '../../preload/contract/team';
import { parseTeamUrl } from './store/team-url';
import type { DeskSettings } from './desk-settings';
import { teamStatusParts } from './state/team-views';
import type { TeamConnection } from './team-connection';

export function soloStatus(): TeamStatus {
  return {
    state: 'solo', unreachable: null, server: null, profileId: null, team: null, desk: null,
    members: [], joinRequests: [], policy: null, pendingPolicy: null, addressBook: [], spending: [], tampered: [],
  };
}

export function deskStatus(connection: TeamConnection, desk: DeskSettings, ownKey: string | null, now: Date): TeamStatus {
  const server = serverOf(desk.url);
  const shared = { unreachable: connection.unreachable, server, profileId: desk.profileId };
  if (ownKey === null) return { ...soloStatus(), ...shared, state: 'requested' };
  const parts = teamStatusParts(connection.facts, ownKey, now);
  // Joined in settings but not (yet) in the chain this desk has read: its request is on its way.
  return { ...parts, ...shared, state: parts.state === 'solo' ? 'requested' : parts.state, desk: { ...parts.desk, name: parts.desk?.name || desk.deskName } as TeamStatus['desk'] };
}

function serverOf(url: string): string | null {
  try {
    return parseTeamUrl(url).display;
  } catch {
    return null;
  }
}
