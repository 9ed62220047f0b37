import { describe, expect, it } from 'vitest';
import {
  WITHDRAWAL_EVENTS,
  WITHDRAWAL_STATES,
  allowedActions,
  isAwaitingApproval,
  isFinal,
  serviceEvent,
  stateFromService,
  transition,
  type WithdrawalEvent,
  type WithdrawalState,
} from '../../../main/core/withdrawals/state';

// The specification, written out independently of the module's table: every allowed move.
const settleByService: [WithdrawalEvent, WithdrawalState][] = [
  ['servicePending', 'PENDING'],
  ['serviceSuccess', 'SUCCESS'],
  ['serviceFailed', 'FAILED'],
  ['serviceRolledBack', 'ROLLED_BACK'],
  ['serviceExpired', 'EXPIRED'],
];
const ALLOWED: Record<WithdrawalState, [WithdrawalEvent, WithdrawalState][]> = {
  PREPARING: [
    ['prepareAccepted', 'CREATED'],
    ['prepareRefused', 'REFUSED'],
    ['prepareUnknown', 'UNCERTAIN'],
    ['serviceCreated', 'CREATED'],
    ...settleByService,
  ],
  UNCERTAIN: [['reconciledAbsent', 'REFUSED'], ['serviceCreated', 'CREATED'], ...settleByService],
  CREATED: [
    ['commitRequested', 'COMMITTING'],
    ['rollbackRequested', 'ROLLING_BACK'],
    ['serviceCreated', 'CREATED'],
    ...settleByService,
  ],
  COMMITTING: [
    ['commitAccepted', 'PENDING'],
    ['commitRefused', 'CREATED'],
    ['serviceCreated', 'COMMITTING'],
    ...settleByService,
  ],
  ROLLING_BACK: [
    ['rollbackAccepted', 'ROLLED_BACK'],
    ['rollbackRefused', 'CREATED'],
    ['serviceCreated', 'ROLLING_BACK'],
    ...settleByService.filter(([event]) => event !== 'serviceFailed'),
    ['serviceFailed', 'ROLLED_BACK'], // version 2 words a rollback as failed
  ],
  PENDING: [
    ['servicePending', 'PENDING'],
    ['serviceSuccess', 'SUCCESS'],
    ['serviceFailed', 'FAILED'],
  ],
  REFUSED: [],
  SUCCESS: [['serviceSuccess', 'SUCCESS']],
  FAILED: [['serviceFailed', 'FAILED']],
  ROLLED_BACK: [
    ['serviceRolledBack', 'ROLLED_BACK'],
    ['rollbackAccepted', 'ROLLED_BACK'],
    ['serviceFailed', 'ROLLED_BACK'],
  ],
  EXPIRED: [
    ['serviceExpired', 'EXPIRED'],
    ['serviceRolledBack', 'EXPIRED'],
  ],
};

describe('withdrawal transitions', () => {
  for (const state of WITHDRAWAL_STATES) {
    const allowed = new Map(ALLOWED[state]);
    for (const event of WITHDRAWAL_EVENTS) {
      const expected = allowed.get(event);
      if (expected !== undefined) {
        it(`${state} --${event}--> ${expected}`, () => {
          expect(transition(state, event)).toEqual({ ok: true, state: expected });
        });
      } else {
        it(`${state} refuses ${event}`, () => {
          const result = transition(state, event);
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.reason).toContain(state);
        });
      }
    }
  }

  it('walks the happy paths of the issue', () => {
    const walk = (events: WithdrawalEvent[]): WithdrawalState =>
      events.reduce<WithdrawalState>((state, event) => {
        const result = transition(state, event);
        if (!result.ok) throw new Error(result.reason);
        return result.state;
      }, 'PREPARING');
    expect(walk(['prepareAccepted', 'commitRequested', 'commitAccepted', 'serviceSuccess'])).toBe('SUCCESS');
    expect(walk(['prepareAccepted', 'rollbackRequested', 'rollbackAccepted', 'serviceRolledBack'])).toBe('ROLLED_BACK');
    expect(walk(['prepareUnknown', 'serviceCreated', 'serviceExpired'])).toBe('EXPIRED');
    expect(walk(['prepareUnknown', 'reconciledAbsent'])).toBe('REFUSED');
  });
});

describe('allowed actions', () => {
  it('offers commit and rollback only while the withdrawal waits', () => {
    for (const state of WITHDRAWAL_STATES) {
      const actions = allowedActions(state);
      expect(actions.includes('commit')).toBe(state === 'CREATED');
      expect(actions.includes('rollback')).toBe(state === 'CREATED');
    }
  });

  it('never offers to send again while the outcome is unknown or money may move', () => {
    for (const state of ['PREPARING', 'UNCERTAIN', 'COMMITTING', 'PENDING', 'SUCCESS', 'ROLLING_BACK', 'CREATED'] as const) {
      expect(allowedActions(state)).not.toContain('prepareAgain');
    }
    for (const state of ['REFUSED', 'FAILED', 'ROLLED_BACK', 'EXPIRED'] as const) {
      expect(allowedActions(state)).toEqual(['prepareAgain']);
    }
  });

  it('knows final and waiting states', () => {
    expect(WITHDRAWAL_STATES.filter(isFinal)).toEqual(['REFUSED', 'SUCCESS', 'FAILED', 'ROLLED_BACK', 'EXPIRED']);
    expect(WITHDRAWAL_STATES.filter(isAwaitingApproval)).toEqual(['CREATED', 'COMMITTING', 'ROLLING_BACK']);
  });
});

describe('service status mapping', () => {
  const createdAt = '2026-01-02T10:00:00.000Z';
  const report = (status: string, updatedAt = '2026-01-02T10:05:00.000Z') => ({ status, createdAt, updatedAt });

  it('maps each service status to its event', () => {
    expect(serviceEvent(report('CREATED'), false)).toBe('serviceCreated');
    expect(serviceEvent(report('PENDING'), false)).toBe('servicePending');
    expect(serviceEvent(report('SUCCESS'), false)).toBe('serviceSuccess');
    expect(serviceEvent(report('FAILED'), false)).toBe('serviceFailed');
    expect(serviceEvent(report('ROLLED_BACK'), false)).toBe('serviceRolledBack');
    expect(serviceEvent(report('SOMETHING_NEW'), false)).toBeNull();
  });

  it('calls a rollback at or after the one-hour deadline, not ours, an expiry', () => {
    expect(serviceEvent(report('ROLLED_BACK', '2026-01-02T10:59:59.999Z'), false)).toBe('serviceRolledBack');
    expect(serviceEvent(report('ROLLED_BACK', '2026-01-02T11:00:00.000Z'), false)).toBe('serviceExpired');
    expect(serviceEvent(report('ROLLED_BACK', '2026-01-02T11:01:00.000Z'), true)).toBe('serviceRolledBack');
  });

  it('gives the starting state of a withdrawal first seen on the service', () => {
    expect(stateFromService(report('CREATED'))).toBe('CREATED');
    expect(stateFromService(report('ROLLED_BACK', '2026-01-02T11:01:00.000Z'))).toBe('EXPIRED');
    expect(stateFromService(report('bogus'))).toBeNull();
  });
});
