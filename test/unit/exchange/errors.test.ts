import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/exchange/errors';

const service = (status: number, code: number, description?: string) =>
  new ApiError({ kind: 'service', status, code, message: 'from service', description, requestId: 'r-1' });

describe('ApiError plain words', () => {
  it.each([
    [400, 20001, 'Insufficient funds'],
    [401, 1002, 'Authorization failed'],
    [403, 1003, 'lacks the right'],
    [400, 20003, 'Limit exceeded'],
    [400, 2002, 'Unknown currency'],
    [400, 22004, 'User not found'],
    [400, 21004, 'already frozen or disabled'],
    [429, 429, 'Too many requests'],
    [503, 503, 'maintenance'],
    [504, 504, 'outcome is unknown'],
  ])('status %i code %i reads "%s"', (status, code, words) => {
    const error = service(status, code);
    expect(error.userMessage).toContain(words);
    expect(error.userMessage).toContain(`code ${code}`);
    expect(error.appCode).toBe(`API_${code}`);
    expect(error.requestId).toBe('r-1');
  });

  it('names the parameter of a validation error', () => {
    const error = service(400, 10001, 'amount: must be greater than zero');
    expect(error.field).toBe('amount');
    expect(error.userMessage).toBe('Invalid value for amount: amount: must be greater than zero (code 10001)');
  });

  it('speaks of the connection for network failures', () => {
    expect(new ApiError({ kind: 'network', message: 'ECONNREFUSED' }).userMessage).toContain('could not be reached');
    expect(new ApiError({ kind: 'timeout', message: 'x' }).appCode).toBe('TIMEOUT');
  });
});
