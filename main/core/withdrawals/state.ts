// The local life of a withdrawal, as a pure table. The service knows CREATED, PENDING, SUCCESS,
// FAILED and ROLLED_BACK; Coffer adds what it alone can know: a request in flight (PREPARING,
// COMMITTING, ROLLING_BACK), an outcome nobody knows yet (UNCERTAIN), a refusal before anything
// was created (REFUSED) and a rollback done by the service at the deadline (EXPIRED).

import { WITHDRAWAL_VIEW_STATES } from '../../../preload/contract/withdrawals';

// The renderer sees exactly these states (the contract lists them); one list serves both.
export const WITHDRAWAL_STATES = WITHDRAWAL_VIEW_STATES;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];


export const WITHDRAWAL_EVENTS = [
  /** The prepare POST answered with a transaction id. */
  'prepareAccepted',
  /** The service refused the prepare (an error reply): nothing was created. */
  'prepareRefused',
  /** Timeout, 504, crash: the prepare may or may not exist. */
  'prepareUnknown',
  /** The reconciler proved the uncertain prepare never reached the service. */
  'reconciledAbsent',
  'commitRequested',
  'commitAccepted',
  /** The service refused the commit; the withdrawal still waits. */
  'commitRefused',
  'rollbackRequested',
  'rollbackAccepted',
  'rollbackRefused',
  /** What the service reports (REST read, reconciler, or transaction_update on the stream). */
  'serviceCreated',
  'servicePending',
  'serviceSuccess',
  'serviceFailed',
  'serviceRolledBack',
  /** ROLLED_BACK reported after the one-hour deadline, with no rollback of ours. */
  'serviceExpired',
] as const;
export type WithdrawalEvent = (typeof WITHDRAWAL_EVENTS)[number];

/** An approver's decision on a waiting withdrawal, and the moves of the table each one makes. */
export type Decision = 'commit' | 'rollback';
export const DECISION_STATES = {
  commit: { requested: 'commitRequested', inFlight: 'COMMITTING', accepted: 'commitAccepted', refused: 'commitRefused' },
  rollback: { requested: 'rollbackRequested', inFlight: 'ROLLING_BACK', accepted: 'rollbackAccepted', refused: 'rollbackRefused' },
} as const satisfies Record<Decision, { requested: WithdrawalEvent; inFlight: WithdrawalState; accepted: WithdrawalEvent; refused: WithdrawalEvent }>;

export const WITHDRAWAL_ACTIONS = ['commit', 'rollback', 'prepareAgain'] as const;
export type WithdrawalAction = (typeof WITHDRAWAL_ACTIONS)[number];

type Moves = Partial<Record<WithdrawalEvent, WithdrawalState>>;

/** What the service's later reports can still do while a request of ours is settling. */
const SERVICE_OUTCOMES: Moves = {
  servicePending: 'PENDING',
  serviceSuccess: 'SUCCESS',
  serviceFailed: 'FAILED',
  serviceRolledBack: 'ROLLED_BACK',
  serviceExpired: 'EXPIRED',
};

export const TRANSITIONS: Readonly<Record<WithdrawalState, Moves>> = {
  PREPARING: {
    prepareAccepted: 'CREATED',
    prepareRefused: 'REFUSED',
    prepareUnknown: 'UNCERTAIN',
    serviceCreated: 'CREATED',
    ...SERVICE_OUTCOMES,
  },
  // Only the service (through the reconciler or the stream) can end the doubt.
  UNCERTAIN: { reconciledAbsent: 'REFUSED', serviceCreated: 'CREATED', ...SERVICE_OUTCOMES },
  CREATED: {
    commitRequested: 'COMMITTING',
    rollbackRequested: 'ROLLING_BACK',
    serviceCreated: 'CREATED',
    ...SERVICE_OUTCOMES,
  },
  // A stale CREATED report while our request is in flight changes nothing.
  COMMITTING: { commitAccepted: 'PENDING', commitRefused: 'CREATED', serviceCreated: 'COMMITTING', ...SERVICE_OUTCOMES },
  ROLLING_BACK: {
    rollbackAccepted: 'ROLLED_BACK',
    rollbackRefused: 'CREATED',
    serviceCreated: 'ROLLING_BACK',
    ...SERVICE_OUTCOMES,
    // A withdrawal never committed cannot fail on the network: "failed" while our rollback is in
    // flight is that rollback, as version 2 words it (it has no rolled-back status).
    serviceFailed: 'ROLLED_BACK',
  },
  PENDING: { servicePending: 'PENDING', serviceSuccess: 'SUCCESS', serviceFailed: 'FAILED' },
  REFUSED: {},
  SUCCESS: { serviceSuccess: 'SUCCESS' },
  FAILED: { serviceFailed: 'FAILED' },
  ROLLED_BACK: { serviceRolledBack: 'ROLLED_BACK', rollbackAccepted: 'ROLLED_BACK', serviceFailed: 'ROLLED_BACK' },
  EXPIRED: { serviceExpired: 'EXPIRED', serviceRolledBack: 'EXPIRED' },
};

export type TransitionResult =
  | { ok: true; state: WithdrawalState }
  | { ok: false; reason: string };

export function transition(state: WithdrawalState, event: WithdrawalEvent): TransitionResult {
  const next = TRANSITIONS[state][event];
  if (next === undefined) return { ok: false, reason: `a withdrawal in state ${state} cannot take ${event}` };
  return { ok: true, state: next };
}

const ACTIONS: Readonly<Record<WithdrawalState, readonly WithdrawalAction[]>> = {
  PREPARING: [],
  // Never offer to send again while the first one may exist: that is how money leaves twice.
  UNCERTAIN: [],
  CREATED: ['commit', 'rollback'],
  REFUSED: ['prepareAgain'],
  COMMITTING: [],
  PENDING: [],
  SUCCESS: [],
  FAILED: ['prepareAgain'],
  ROLLING_BACK: [],
  ROLLED_BACK: ['prepareAgain'],
  EXPIRED: ['prepareAgain'],
};

export function allowedActions(state: WithdrawalState): readonly WithdrawalAction[] {
  return ACTIONS[state];
}

/** States nothing follows: the record is settled. */
export const FINAL_STATES: readonly WithdrawalState[] = ['REFUSED', 'SUCCESS', 'FAILED', 'ROLLED_BACK', 'EXPIRED'];

export function isFinal(state: WithdrawalState): boolean {
  return FINAL_STATES.includes(state);
}

/** True while the withdrawal waits for an approver (the approvals queue). */
export function isAwaitingApproval(state: WithdrawalState): boolean {
  return state === 'CREATED' || state === 'COMMITTING' || state === 'ROLLING_BACK';
}

export const COMMIT_WINDOW_MS = 60 * 60 * 1000;

export interface ServiceReport {
  status: string;
  /** When the service last changed it (updated_at), ISO 8601. */
  updatedAt: string;
  createdAt: string;
}

/** Turns a service status into the event that applies it. ROLLED_BACK at or after the one-hour
 *  deadline, when we did not ask for it, means the service expired it. Unknown status → null. */
export function serviceEvent(report: ServiceReport, rolledBackByUs: boolean): WithdrawalEvent | null {
  switch (report.status) {
    case 'CREATED':
      return 'serviceCreated';
    case 'PENDING':
      return 'servicePending';
    case 'SUCCESS':
      return 'serviceSuccess';
    case 'FAILED':
      return 'serviceFailed';
    case 'ROLLED_BACK':
      return !rolledBackByUs && reachedDeadline(report) ? 'serviceExpired' : 'serviceRolledBack';
    default:
      return null;
  }
}

export function deadlineOf(createdAt: string): Date {
  return new Date(Date.parse(createdAt) + COMMIT_WINDOW_MS);
}

function reachedDeadline(report: ServiceReport): boolean {
  return Date.parse(report.updatedAt) >= deadlineOf(report.createdAt).getTime();
}

/** The local state a withdrawal first seen in a service read starts in. */
export function stateFromService(report: ServiceReport, rolledBackByUs = false): WithdrawalState | null {
  const event = serviceEvent(report, rolledBackByUs);
  if (event === null) return null;
  const result = transition('PREPARING', event);
  return result.ok ? result.state : null;
}
