// Request schemas of the ledger's operations.
import { z } from 'zod';
import { noPayload } from './no-payload';

const moveId = z.string().trim().min(1, 'Move id is missing').max(64, 'Move id is too long').regex(/^[A-Za-z0-9-]+$/, 'Move id is not valid');
const txId = z.string().trim().min(1, 'Choose a transaction').max(64, 'Transaction id is too long').regex(/^[A-Za-z0-9_-]+$/, 'Transaction id is not valid');

export const PENDING_REQUEST_SCHEMAS = {
  listPendingMoves: noPayload,
  linkPendingMove: z.object({ moveId, txId }).strict(),
  dismissPendingMove: z.object({ moveId }).strict(),
} as const;
