// Every operation of the contract is classified: read-only (main may share and drop it) or
// changing state (never shared, never dropped). A new operation fails here until someone decides.
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../../preload/contract';
import { isReadOnlyOperation, READ_ONLY_OPERATIONS, STATE_CHANGING_OPERATIONS } from '../../../preload/contract/read-only';

describe('operation classes', () => {
  it('put every operation in exactly one of the two lists', () => {
    const readOnly = new Set<string>(READ_ONLY_OPERATIONS);
    const changing = new Set<string>(STATE_CHANGING_OPERATIONS);
    const unclassified = OPERATION_NAMES.filter((op) => !readOnly.has(op) && !changing.has(op));
    expect(unclassified, 'add each to READ_ONLY_OPERATIONS or STATE_CHANGING_OPERATIONS in preload/contract/read-only.ts').toEqual([]);
    expect(READ_ONLY_OPERATIONS.filter((op) => changing.has(op))).toEqual([]);
    expect(readOnly.size + changing.size).toBe(READ_ONLY_OPERATIONS.length + STATE_CHANGING_OPERATIONS.length);
    expect([...readOnly, ...changing].sort()).toEqual([...OPERATION_NAMES].sort());
  });

  it('never call a money move or a write read-only', () => {
    for (const op of ['transferFunds', 'prepareWithdrawal', 'commitWithdrawal', 'rollbackWithdrawal', 'createDepositAddress', 'createProfile', 'activateProfile']) {
      expect(isReadOnlyOperation(op), op).toBe(false);
    }
    expect(isReadOnlyOperation('getWalletOverview')).toBe(true);
    expect(isReadOnlyOperation('notAnOperation')).toBe(false);
  });
});
