// The pending-operations ledgers of the team's desks, shared: the first desk to settle one of its
// moves on a service transaction holds that transaction (the store keeps one claim per key), and
// a move whose answer was lost stays open until the desk that opened it closes it, so another
// desk's identical move is not settled on a guess meanwhile.
import type { EntryBodies } from '../entries';
import type { EntryRule } from './facts-state';

const claimed: EntryRule<EntryBodies['ledger.claimed']> = (state, body, context) => {
  if (typeof body.claimKey !== 'string' || typeof body.moveId !== 'string') return 'it lacks the transaction key or the move it claims for';
  const held = state.ledgerClaims.get(body.claimKey);
  if (held !== undefined) return 'another move already holds this transaction';
  state.ledgerClaims.set(body.claimKey, { claimKey: body.claimKey, moveId: body.moveId, by: context.author, at: context.at });
  return null;
};

const moveOpened: EntryRule<EntryBodies['ledger.moveOpened']> = (state, body, context) => {
  const move = body.move;
  if (typeof move?.id !== 'string' || typeof move.kind !== 'string') return 'it lacks the move\'s id or kind';
  if (state.openMoves.has(move.id)) return 'a move with this id is already open';
  const { id, kind, currency, amount, destination } = move;
  state.openMoves.set(id, { author: context.author, at: context.at, move: { id, kind, currency: currency ?? null, amount: amount ?? null, destination: destination ?? null } });
  return null;
};

const moveClosed: EntryRule<EntryBodies['ledger.moveClosed']> = (state, body, context) => {
  const open = state.openMoves.get(body.moveId);
  if (open === undefined) return 'no move with this id is open';
  if (open.author !== context.author) return 'only the desk that opened a move closes it';
  state.openMoves.delete(body.moveId);
  return null;
};

export const LEDGER_RULES = {
  'ledger.claimed': claimed,
  'ledger.moveOpened': moveOpened,
  'ledger.moveClosed': moveClosed,
};
