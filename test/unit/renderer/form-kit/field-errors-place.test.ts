// Where a refusal from main lands: on the field it names while that field is on screen, else at
// the top of the form, its words the same either way.
import { describe, expect, it } from 'vitest';
import { fieldsOf, placeRefusal } from '../../../../renderer/src/modules/form-kit/field-errors';

const FIELDS = ['subAccount', 'currency', 'amount'] as const;
const fieldOf = fieldsOf(FIELDS, { subAccountId: 'subAccount' });
const refusal = (field?: string) => ({ code: 'VALIDATION', message: 'sub-alpha is frozen', ...(field === undefined ? {} : { field }) });

describe('placing a refusal', () => {
  it('puts it on the named field, renamed from the contract where the form calls it otherwise', () => {
    expect(placeRefusal(refusal('amount'), fieldOf)).toEqual({ field: 'amount', message: 'sub-alpha is frozen (VALIDATION)' });
    expect(placeRefusal(refusal('subAccountId'), fieldOf)).toEqual({ field: 'subAccount', message: 'sub-alpha is frozen (VALIDATION)' });
  });

  it('puts it at the top when the field is not on screen, unknown to the form, or not named', () => {
    const top = { field: null, message: 'sub-alpha is frozen (VALIDATION)' };
    expect(placeRefusal(refusal('subAccountId'), fieldOf, (field) => field !== 'subAccount')).toEqual(top);
    expect(placeRefusal(refusal('quoteId'), fieldOf)).toEqual(top);
    expect(placeRefusal(refusal(), fieldOf)).toEqual(top);
  });
});
