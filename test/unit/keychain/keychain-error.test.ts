// Each raw keytar/libsecret message (as observed on Debian, see TOOLCHAIN.md) maps to a cause.
import { describe, expect, it } from 'vitest';
import { KEYCHAIN_ERROR_CODES, KeychainError, toKeychainError } from '../../../main/keychain/keychain-error';

describe('toKeychainError', () => {
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', KEYCHAIN_ERROR_CODES.noSessionBus],
    ['Could not connect: No such file or directory', KEYCHAIN_ERROR_CODES.noSessionBus],
    ['The name org.freedesktop.secrets was not provided by any .service files', KEYCHAIN_ERROR_CODES.noSecretService],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', KEYCHAIN_ERROR_CODES.locked],
    ['Something else entirely', KEYCHAIN_ERROR_CODES.unavailable],
  ])('%s', (raw, code) => {
    const error = toKeychainError(new Error(raw));
    expect(error).toBeInstanceOf(KeychainError);
    expect(error.code).toBe(code);
    expect(error.detail).toBe(raw);
    expect(error.message.length).toBeGreaterThan(20);
  });

  it('passes a KeychainError through unchanged', () => {
    const original = new KeychainError(KEYCHAIN_ERROR_CODES.locked, 'locked', 'raw');
    expect(toKeychainError(original)).toBe(original);
  });
});
