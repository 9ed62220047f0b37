// dispatch: unknown operations, request validation, and thrown errors all come back as Results;
// unexpected errors never leak their message or stack across the contract.
import { describe, expect, it, vi } from 'vitest';
import { AppFailure } from '../../../main/core/app-error';
import { createDispatch, type Handlers } from '../../../main/core/dispatch';
import { OPERATION_NAMES } from '../../../preload/contract';
import { ok } from '../../../preload/contract/result';

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const unused = async () => {
    throw new Error('not used in this test');
  };
  const everyOperationUnused = Object.fromEntries(OPERATION_NAMES.map((op) => [op, unused])) as unknown as Handlers;
  return {
    ...everyOperationUnused,
    getAppInfo: async () => ok({ version: '1', transport: 'web', activeProfileId: null, dataDir: '/d' }),
    listProfiles: async () => ok([]),
    ...overrides,
  };
}

describe('dispatch', () => {
  it('runs the handler of a known operation', async () => {
    expect(await createDispatch(handlers())('listProfiles', undefined)).toEqual({ ok: true, value: [] });
  });

  it('refuses unknown and inherited operation names', async () => {
    const dispatch = createDispatch(handlers());
    for (const op of ['nope', 'toString', '__proto__', 'constructor', '']) {
      expect(await dispatch(op, undefined)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_OPERATION' } });
    }
  });

  it('validates before calling the handler', async () => {
    const removeProfile = vi.fn(async () => ok({ removed: true as const }));
    const dispatch = createDispatch(handlers({ removeProfile }));
    expect(await dispatch('removeProfile', { id: 42 })).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'id' } });
    expect(await dispatch('removeProfile', null)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(await dispatch('removeProfile', { id: 'a', extra: 1 })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(removeProfile).not.toHaveBeenCalled();
    expect(await dispatch('removeProfile', { id: 'a' })).toEqual({ ok: true, value: { removed: true } });
    expect(removeProfile).toHaveBeenCalledWith({ id: 'a' });
  });

  it('turns a thrown AppFailure into its own error', async () => {
    const dispatch = createDispatch(handlers({
      listProfiles: async () => {
        throw new AppFailure('KEYCHAIN_LOCKED', 'The OS keychain is locked', 'secretKey');
      },
    }));
    expect(await dispatch('listProfiles', undefined)).toEqual({
      ok: false,
      error: { code: 'KEYCHAIN_LOCKED', message: 'The OS keychain is locked', field: 'secretKey' },
    });
  });

  it('hides the message and stack of an unexpected error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dispatch = createDispatch(handlers({
      listProfiles: async () => {
        throw new TypeError('SQLITE internal detail at /home/user/secret/path');
      },
    }));
    const result = await dispatch('listProfiles', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(result)).not.toMatch(/SQLITE|secret|at \//);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
