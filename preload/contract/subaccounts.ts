// Sub-accounts as a master-account holder governs them: the list with each one's status and
// permissions (ACL), their balances valued in the user's currency (read in the background),
// freezing and activating, ACL edits, deposit addresses, transfers to and from the master, and
// sweeps that collect one currency from many of them or top them up. Amounts are decimal text.
import { z } from 'zod';
import { amount, currency, network } from './fields';
import type { PendingMoveView } from './pending';
import { changes, noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';
import { visibleText } from './profile-schemas';
import type { DepositAddress, ValuedBalance } from './wallet';

/** new: created, not yet used; frozen: blocked by the master, can be activated; disabled: by the service, for good. */
export const SUB_ACCOUNT_STATUSES = ['new', 'active', 'frozen', 'disabled'] as const;
export type SubAccountStatus = (typeof SUB_ACCOUNT_STATUSES)[number];

/** What freezing does, as the confirmation dialog lists it. */
export const FREEZE_EFFECTS = [
  'Open orders are cancelled',
  'Funds in trading (spot) are moved to the wallet',
  'Logging in is blocked',
  'Withdrawals and transfers are blocked',
  'Trading is blocked',
  'Its API keys stop working',
] as const;

export interface SubAccountAclView {
  withdrawEnabled: boolean;
  depositAddressGenerationEnabled: boolean;
  description: string;
  updatedAt: string | null;
}

export interface SubAccountRow {
  id: string;
  email: string;
  status: SubAccountStatus;
  /** null when the service lists no ACL for it (frozen or disabled accounts); see aclMissingReason. */
  acl: SubAccountAclView | null;
  /** Why the ACL cannot be read or edited, in plain words; null when acl is there. */
  aclMissingReason: string | null;
}

export interface SubAccountList {
  profileId: string;
  subAccounts: SubAccountRow[];
  asOf: string;
}

/** One sub-account's balances valued in the valuation currency. */
export interface SubAccountTotals {
  id: string;
  /** Wallet side (available + reserved), valued; null when it could not be read. */
  walletValue: string | null;
  spotValue: string | null;
  /** Currencies held that have no rate (left out of the values). */
  unvalued: string[];
  /** Why the balances could not be read, when they could not. */
  error: string | null;
}

export interface SubAccountBalances {
  id: string;
  valuationCurrency: string;
  /** Wallet and spot per currency, like the wallet page's rows (only currencies held). */
  balances: ValuedBalance[];
  walletValue: string;
  spotValue: string;
  unvalued: string[];
  /** Decimal places per currency. */
  precision: Record<string, number>;
  asOf: string;
}

/**
 * done: the service did it. alreadyBlocked: freezing an account already frozen or disabled (21004).
 * cannotActivate: the service answered false (a disabled account cannot be activated).
 * skipped: not sent, because of `message` (e.g. nothing to change). failed: refused, `message` says why.
 * uncertain: the answer was lost; the list is read again to show what really happened.
 */
export const SUB_ACCOUNT_OUTCOMES = ['done', 'alreadyBlocked', 'cannotActivate', 'skipped', 'failed', 'uncertain'] as const;
export type SubAccountOutcome = (typeof SUB_ACCOUNT_OUTCOMES)[number];

export interface SubAccountActionResult {
  id: string;
  email: string;
  outcome: SubAccountOutcome;
  /** Plain words on the outcome. */
  message: string;
  /** The status read back after the action; null when it could not be read. */
  statusAfter: SubAccountStatus | null;
}

export interface AclChangeInput {
  ids: string[];
  /** Only the fields given are changed. */
  withdrawEnabled?: boolean;
  depositAddressGenerationEnabled?: boolean;
  description?: string;
}

export interface AclChangeResult extends SubAccountActionResult {
  before: SubAccountAclView | null;
  after: SubAccountAclView | null;
}

export const SUB_ACCOUNT_TRANSFER_DIRECTIONS = ['toSub', 'fromSub'] as const;
export type SubAccountTransferDirection = (typeof SUB_ACCOUNT_TRANSFER_DIRECTIONS)[number];

export interface SubAccountTransferInput {
  subAccountId: string;
  /** toSub: master wallet → sub-account wallet; fromSub: the other way. */
  direction: SubAccountTransferDirection;
  currency: string;
  amount: string;
}

export type SubAccountTransferResult =
  | { state: 'done'; transactionId: string }
  /** The answer was lost: the ledger's move `moveId` is being checked and must not be repeated. */
  | { state: 'uncertain'; reason: string; moveId: string };

export const SWEEP_MODES = ['collect', 'topUp'] as const;
export type SweepMode = (typeof SWEEP_MODES)[number];

export interface SweepInput {
  /** collect: each sub-account's available wallet balance (less `keep`) → master; topUp: master → each, up to `target`. */
  mode: SweepMode;
  currency: string;
  ids: string[];
  /** topUp: the wallet balance each sub-account should reach. */
  target?: string;
  /** collect: what to leave on each sub-account (0 unless given). */
  keep?: string;
}

export interface SweepStep {
  subAccountId: string;
  email: string;
  direction: SubAccountTransferDirection;
  /** The sub-account's available wallet balance when the plan was made. */
  balanceBefore: string;
  /** What will be moved; "0" when skipped. */
  amount: string;
  /** Why this account gets no transfer (frozen, nothing to collect, already at target); null otherwise. */
  skipReason: string | null;
}

export interface SweepPlan {
  planId: string;
  mode: SweepMode;
  currency: string;
  precision: number;
  steps: SweepStep[];
  /** Sum of the amounts to move. */
  total: string;
  /** The master wallet's available balance when the plan was made. */
  masterAvailable: string;
  createdAt: string;
}

export const SWEEP_STEP_STATES = ['waiting', 'sending', 'done', 'uncertain', 'failed', 'skipped'] as const;
export type SweepStepState = (typeof SWEEP_STEP_STATES)[number];

export interface SweepStepProgress {
  planId: string;
  index: number;
  subAccountId: string;
  state: SweepStepState;
  message: string | null;
  transactionId: string | null;
  /** The ledger's move for this step, once written. */
  moveId: string | null;
}

export interface SweepResult {
  planId: string;
  steps: SweepStepProgress[];
}

export interface SubAccountOperations {
  listSubAccounts: Op<void, SubAccountList>;
  /** Reads every listed sub-account's balances behind user actions; subAccountTotals events as each arrives. */
  loadSubAccountTotals: Op<{ valuationCurrency: string }, SubAccountTotals[]>;
  getSubAccountBalances: Op<{ id: string; valuationCurrency: string }, SubAccountBalances>;
  /** One request per account, so each has its own outcome. */
  freezeSubAccounts: Op<{ ids: string[] }, SubAccountActionResult[]>;
  activateSubAccounts: Op<{ ids: string[] }, SubAccountActionResult[]>;
  setSubAccountAcl: Op<AclChangeInput, AclChangeResult[]>;
  getSubAccountAddress: Op<{ id: string; currency: string; network?: string }, DepositAddress>;
  transferWithSubAccount: Op<SubAccountTransferInput, SubAccountTransferResult>;
  /** Moves with this sub-account that Coffer sent (from the ledger), newest first. */
  listSubAccountTransfers: Op<{ id: string }, PendingMoveView[]>;
  /** Reads balances now and plans each transfer; nothing is sent. */
  planSweep: Op<SweepInput, SweepPlan>;
  /** Sends a plan's transfers one after the other; sweepStep events as each settles. */
  runSweep: Op<{ planId: string }, SweepResult>;
}

const subAccountId = z.string().trim().min(1, 'Choose a sub-account').max(32, 'sub-account id is too long').regex(/^[A-Za-z0-9_-]+$/, 'sub-account id is not valid');
const ids = z.array(subAccountId, { error: 'ids must be a list of sub-account ids' }).min(1, 'Select at least one sub-account').max(500, 'Select at most 500 sub-accounts');
const planId = z.string().trim().min(1, 'Preview the sweep first').max(64, 'plan id is too long').superRefine(visibleText('The plan id'));
const valuation = { valuationCurrency: currency };

export const SUB_ACCOUNT_OPERATIONS = {
  listSubAccounts: reads(noPayload),
  loadSubAccountTotals: reads(z.object(valuation).strict()),
  getSubAccountBalances: reads(z.object({ id: subAccountId, ...valuation }).strict()),
  freezeSubAccounts: changes(z.object({ ids }).strict()),
  activateSubAccounts: changes(z.object({ ids }).strict()),
  setSubAccountAcl: changes(
    z
      .object({
        ids,
        withdrawEnabled: z.boolean({ error: 'withdrawEnabled must be true or false' }).optional(),
        depositAddressGenerationEnabled: z.boolean({ error: 'depositAddressGenerationEnabled must be true or false' }).optional(),
        description: z.string().trim().max(255, 'description is at most 255 characters').superRefine(visibleText('The description')).optional(),
      })
      .strict()
      .refine((input) => input.withdrawEnabled !== undefined || input.depositAddressGenerationEnabled !== undefined || input.description !== undefined, {
        message: 'Change at least one setting',
        path: ['withdrawEnabled'],
      }),
  ),
  getSubAccountAddress: reads(z.object({ id: subAccountId, currency, network }).strict()),
  transferWithSubAccount: changes(
    z
      .object({
        subAccountId,
        direction: z.enum(SUB_ACCOUNT_TRANSFER_DIRECTIONS, { error: 'direction must be toSub or fromSub' }),
        currency,
        amount,
      })
      .strict(),
  ),
  listSubAccountTransfers: reads(z.object({ id: subAccountId }).strict()),
  planSweep: reads(
    z
      .object({
        mode: z.enum(SWEEP_MODES, { error: 'mode must be collect or topUp' }),
        currency,
        ids,
        target: amount.optional(),
        keep: amount.optional(),
      })
      .strict()
      .refine((input) => input.mode !== 'topUp' || input.target !== undefined, { message: 'Enter the balance to top up to', path: ['target'] }),
  ),
  runSweep: changes(z.object({ planId }).strict()),
} as const satisfies OperationSpecs<SubAccountOperations>;

export interface SubAccountEvents {
  /** One sub-account's balances arrived while loadSubAccountTotals runs. */
  subAccountTotals: { profileId: string; totals: SubAccountTotals; loaded: number; total: number };
  /** A sweep step changed state. */
  sweepStep: { profileId: string; step: SweepStepProgress };
}

export const SUB_ACCOUNT_EVENTS = { subAccountTotals: true, sweepStep: true } as const satisfies EventList<SubAccountEvents>;
