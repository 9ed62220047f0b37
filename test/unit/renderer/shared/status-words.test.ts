// The one vocabulary of states: every service status, withdrawal state and audit outcome has words
// and a colour, and a fact shared by two pages reads the same on both.
import { describe, expect, it } from 'vitest';
import { AUDIT_OUTCOMES } from '../../../../preload/contract/audit';
import {
  AUDIT_OUTCOME_WORDS, TRANSACTION_STATUS_WORDS, WITHDRAWAL_STATE_WORDS, transactionStatusWords,
} from '../../../../preload/contract/status-words';
import { WITHDRAWAL_VIEW_STATES } from '../../../../preload/contract/withdrawals';
import { STATE_LABELS, STATE_TONES, stateLabel } from '../../../../renderer/src/modules/approvals/approval-rows';
import { OUTCOME_LABELS } from '../../../../renderer/src/modules/audit/audit-filter';

const SERVICE_STATUSES = ['CREATED', 'PENDING', 'SUCCESS', 'FAILED', 'ROLLED_BACK'] as const;

describe('status vocabulary', () => {
  it('names each of the service\'s statuses in words, a withdrawal waiting for its approval as such', () => {
    expect(Object.keys(TRANSACTION_STATUS_WORDS).sort()).toEqual([...SERVICE_STATUSES].sort());
    expect(transactionStatusWords('CREATED')).toEqual({ label: 'Waiting for approval', tone: 'warning' });
    expect(transactionStatusWords('SUCCESS')).toEqual({ label: 'Completed', tone: 'success' });
    expect(transactionStatusWords('ROLLED_BACK').label).toBe('Rolled back');
    // A status the vocabulary does not know yet still reads as words, never as a bare code.
    expect(transactionStatusWords('ON_HOLD')).toEqual({ label: 'On hold', tone: 'default' });
  });

  it('gives Approvals the same words as History for every state the service reports', () => {
    for (const status of SERVICE_STATUSES) {
      const history = transactionStatusWords(status);
      if (status === 'ROLLED_BACK') {
        // Approvals knows who rolled it back; the shared word comes first.
        expect(STATE_LABELS.ROLLED_BACK.startsWith(history.label)).toBe(true);
        expect(STATE_LABELS.EXPIRED.startsWith(history.label)).toBe(true);
        continue;
      }
      expect(STATE_LABELS[status]).toBe(history.label);
      expect(STATE_TONES[status]).toBe(history.tone);
    }
    expect(stateLabel({ state: 'CREATED', moveId: null })).toBe('Waiting for approval');
  });

  it('has words for every withdrawal state and audit outcome, each told apart from the others', () => {
    for (const state of WITHDRAWAL_VIEW_STATES) expect(WITHDRAWAL_STATE_WORDS[state].label).not.toBe('');
    const labels = WITHDRAWAL_VIEW_STATES.map((state) => WITHDRAWAL_STATE_WORDS[state].label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const outcome of AUDIT_OUTCOMES) expect(OUTCOME_LABELS[outcome]).toBe(AUDIT_OUTCOME_WORDS[outcome].label);
    // Audit's "being checked" is the queue's.
    expect(OUTCOME_LABELS.uncertain).toBe(STATE_LABELS.UNCERTAIN);
  });
});
