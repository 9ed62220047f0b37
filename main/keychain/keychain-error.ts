// keytar reports libsecret/D-Bus failures as bare messages. This maps each known cause to a
// stable code and a message the user can act on; the original text is kept for the log only.
export const KEYCHAIN_ERROR_CODES = {
  noSessionBus: 'KEYCHAIN_NO_SESSION_BUS',
  locked: 'KEYCHAIN_LOCKED',
  noSecretService: 'KEYCHAIN_NO_SECRET_SERVICE',
  unavailable: 'KEYCHAIN_UNAVAILABLE',
} as const;

export type KeychainErrorCode = (typeof KEYCHAIN_ERROR_CODES)[keyof typeof KEYCHAIN_ERROR_CODES];

export class KeychainError extends Error {
  constructor(
    readonly code: KeychainErrorCode,
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'KeychainError';
  }
}

const CAUSES: readonly { code: KeychainErrorCode; pattern: RegExp; message: string }[] = [
  {
    code: KEYCHAIN_ERROR_CODES.noSessionBus,
    pattern: /autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|Could not connect: No such file|session bus/i,
    message:
      'The OS keychain is unreachable: there is no D-Bus session bus. Run Coffer inside a desktop ' +
      'session (or a dbus-run-session) so it can reach the keyring.',
  },
  {
    code: KEYCHAIN_ERROR_CODES.noSecretService,
    pattern: /org\.freedesktop\.secrets was not provided|ServiceUnknown|not provided by any \.service/i,
    message:
      'The OS keychain is unreachable: no secret service (such as gnome-keyring or KWallet) is ' +
      'running on the session bus. Start one and try again.',
  },
  {
    code: KEYCHAIN_ERROR_CODES.locked,
    pattern: /collection\/login|Object does not exist at path|is locked|Cannot create an item in a locked collection|prompt/i,
    message:
      'The OS keychain is locked (or has no login keyring). Unlock your login keyring and try again.',
  },
];

/** Translate whatever keytar threw into a KeychainError naming the cause. */
export function toKeychainError(error: unknown): KeychainError {
  if (error instanceof KeychainError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const cause = CAUSES.find((candidate) => candidate.pattern.test(detail));
  if (cause) return new KeychainError(cause.code, cause.message, detail);
  return new KeychainError(
    KEYCHAIN_ERROR_CODES.unavailable,
    `The OS keychain refused the request (${firstLine(detail)}).`,
    detail,
  );
}

const firstLine = (text: string): string => text.split('\n')[0]?.slice(0, 200) ?? '';
