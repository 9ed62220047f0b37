// The ledger's claims shared by a team's desks: one entry per service transaction, unique in the
// team store, so the first desk to settle a move on a transaction holds it and no other desk can.
import type { TeamClaims } from '../core/pending/claims';
import type { TeamConnection } from './team-connection';
import { storeFailure } from './team-failure';

export function teamClaimsOf(connection: TeamConnection, deskKey: () => Promise<string>, knownKey: () => string | null): TeamClaims {
  return {
    heldByOthers(keys) {
      const self = knownKey();
      return new Set(keys.filter((key) => {
        const holder = connection.facts.ledgerClaim(key);
        return holder !== undefined && holder !== self;
      }));
    },
    async claim(key, moveId) {
      const self = await deskKey();
      const result = await storeFailure(() => connection.write('ledger.claimed', { claimKey: key, moveId }, `claim:${key}`));
      return (result.appended ? result.entry.author : result.existing.author) === self ? 'mine' : 'theirs';
    },
    async opened(move) {
      const { id, kind, currency, amount, destination } = move;
      await storeFailure(() => connection.write('ledger.moveOpened', { move: { id, kind, currency, amount, destination } }));
    },
    async closed(moveId) {
      if (connection.facts.openMoveOf(moveId) !== undefined) await storeFailure(() => connection.write('ledger.moveClosed', { moveId }));
    },
    contested(move) {
      const self = knownKey();
      return connection.facts.openMoves().some((open) => open.author !== self && open.move.kind === move.kind && open.move.currency === move.currency
        && open.move.amount === move.amount && open.move.destination === move.destination);
    },
  };
}
