// The team operations of the contract. Joining binds the team to the active profile; importing
// the white-list reads it from that profile's service. Everything else is the desk's own; a
// refusal or a store failure thrown here comes back as a failed Result through the dispatch.
import type { TeamOperations } from '../../preload/contract/team';
import { ok } from '../../preload/contract/result';
import type { Handlers } from '../core/dispatch';
import type { Scopes } from '../core/session/scopes';
import type { TeamDesk } from './team-desk';

type TeamHandlers = Pick<Handlers, keyof TeamOperations>;

export function createTeamHandlers(desk: TeamDesk, scopes: Scopes): TeamHandlers {
  return {
    getTeamStatus: async () => ok(desk.status()),
    connectTeam: async (input) => ok(await desk.connect(input, (await scopes.current()).profile.id)),
    retryTeam: async () => ok(await desk.retry()),
    admitDesk: async ({ publicKey, fingerprint }) => ok(await desk.admit(publicKey, fingerprint)),
    voteRemoveMember: async ({ publicKey, reason }) => ok(await desk.voteRemove(publicKey, reason)),
    leaveTeam: async ({ reason }) => ok(await desk.leave(reason)),
    proposePolicy: async (input) => ok(await desk.proposePolicy(input)),
    approvePolicy: async ({ version, proposal }) => ok(await desk.approvePolicy(version, proposal)),
    proposeAddress: async (input) => ok(await desk.proposeAddress(input)),
    approveAddress: async ({ id }) => ok(await desk.approveAddress(id)),
    removeAddress: async ({ id, reason }) => ok(await desk.removeAddress(id, reason)),
    getTeamAudit: async ({ limit }) => ok(desk.audit(limit)),
    importWhitelist: async () => {
      const scope = await scopes.current();
      if (!desk.governs(scope.profile.id)) return ok(desk.status());
      return ok(await desk.importWhitelist(await scope.api.whitelistedAddresses()));
    },
  };
}
