// The error boundary is total: whatever throws while a request is parsed (a refine) or handled
// (synchronously or not) comes back as a Result, through dispatch and through the call gate, and
// never as a rejection nobody catches.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCallGate } from '../../../main/core/call-gate';
import { createDispatch, type Dispatch, type Handlers } from '../../../main/core/dispatch';
import { OPERATION_NAMES } from '../../../preload/contract';
import { ok } from '../../../preload/contract/result';

// A schema whose refine throws, whatever it is given: parsing is what fails here, not the handler.
vi.mock('../../../preload/contract/requests', async (original) => {
  const actual = await original<typeof import('../../../preload/contract/requests')>();
  return {
    ...actual,
    parseRequest: (op: string, request: unknown) => {
      if (op === 'balancesOnDate') throw new RangeError('Invalid time value');
      return actual.parseRequest(op as 'listProfiles', request);
    },
  };
});

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const everyOperation = Object.fromEntries(OPERATION_NAMES.map((op) => [op, async () => ok(op)])) as unknown as Handlers;
  return { ...everyOperation, ...overrides };
}

const internal = { ok: false, error: { code: 'INTERNAL', message: expect.stringMatching(/see the log/) } };

afterEach(() => vi.restoreAllMocks());

describe('the dispatcher’s error boundary', () => {
  it('answers a request whose parsing throws with INTERNAL, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dispatch = createDispatch(handlers());
    await expect(dispatch('balancesOnDate', { day: 'x' })).resolves.toEqual(internal);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('balancesOnDate failed unexpectedly: RangeError'));
  });

  it('answers a handler that throws before it returns a promise', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const throwsAtOnce = (() => {
      throw new TypeError('not a function');
    }) as unknown as Handlers['listProfiles'];
    const dispatch = createDispatch(handlers({ listProfiles: throwsAtOnce }));
    await expect(dispatch('listProfiles', undefined)).resolves.toEqual(internal);
  });
});

describe('the call gate', () => {
  const rejecting: Dispatch = () => Promise.reject(new Error('a broken dispatch'));

  it.each([
    ['a read', 'listProfiles'],
    ['a state change', 'removeProfile'],
  ])('answers %s whose dispatch rejects instead of rejecting itself', async (_what, op) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const connection = createCallGate(rejecting).connect();
    await expect(connection.dispatch(op, { id: 'p1' })).resolves.toEqual(internal);
  });
});
