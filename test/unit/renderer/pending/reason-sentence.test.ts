import { describe, expect, it } from 'vitest';
import { reasonSentence } from '../../../../renderer/src/modules/pending/reason-sentence';

describe('a ledger reason as a sentence', () => {
  it('puts the code inside the sentence it belongs to', () => {
    expect(reasonSentence('The service timed out. The outcome is unknown until it has been checked. (code 504)')).toBe(
      'The service timed out. The outcome is unknown until it has been checked (code 504).',
    );
    expect(reasonSentence('Insufficient funds (code 20001)')).toBe('Insufficient funds (code 20001).');
  });

  it('ends a reason that has no ending, and leaves one that has', () => {
    expect(reasonSentence('No answer')).toBe('No answer.');
    expect(reasonSentence('Found in the history.')).toBe('Found in the history.');
    expect(reasonSentence(null)).toBe('');
  });
});
