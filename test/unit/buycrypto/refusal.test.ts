// The service's refusals of a buy order land on this form's fields: its `source` stays `source`
// (a transfer's would be `from`), source_amount is the amount, the network and method their own.
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../main/core/app-error';
import { orderRefusal } from '../../../main/core/buycrypto/create';
import { ApiError } from '../../../main/exchange/errors';

const refused = (field: string) => new ApiError({ kind: 'service', status: 400, code: 10001, message: 'Validation error', description: `${field} is not valid`, field });

describe('orderRefusal', () => {
  it('names the contract\'s field for each of the service\'s', () => {
    const fields = ['source_amount', 'target_network_code', 'payment_method_id', 'source', 'target'].map((f) => (orderRefusal(refused(f)) as AppFailure).field);
    expect(fields).toEqual(['amount', 'network', 'methodId', 'source', 'target']);
  });

  it('keeps the rest as the shared mapping has them', () => {
    const failure = orderRefusal(new ApiError({ kind: 'service', status: 403, code: 1002, message: 'Access denied' }));
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).field).toBeUndefined();
    const plain = new Error('not from the client');
    expect(orderRefusal(plain)).toBe(plain);
  });
});
