// What text the contract accepts beyond its type: ids of a bounded size and safe alphabet, names
// and keys free of invisible characters that could make one string pass for another, and amounts
// written one way only. Main's schemas and the renderer's forms both read these.

export const PROFILE_ID_MAX = 64;
/** Profile ids are UUIDs today; letters, digits, '-' and '_' leave room without admitting markup or paths. */
export const PROFILE_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

// C0 and C1 controls (tab and newline included: none belongs in a one-line field), the Unicode
// marks that reorder text on screen (LRM/RLM, ALM, the embeddings and overrides, the isolates), the
// other invisible format characters (zero-width space and joiners, BOM, soft hyphen, tags…), and
// halves of a surrogate pair standing alone, which no encoding can carry to the service.
const CONTROL = /\p{Cc}/u;
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const FORMAT = /\p{Cf}/u;
const LONE_SURROGATE = /\p{Cs}/u;

const codePoint = (char: string): string => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * null when `value` holds no control, text-direction, invisible format or broken character, else
 * the message for its field. `what` names the field as the message starts, e.g. 'The name'.
 */
export function hiddenCharacterProblem(value: string, what: string): string | null {
  const control = CONTROL.exec(value);
  if (control) return `${what} contains an invisible control character (${codePoint(control[0])}); type it again without it`;
  const bidi = BIDI_CONTROL.exec(value);
  if (bidi) return `${what} contains an invisible text-direction mark (${codePoint(bidi[0])}); type it again without it`;
  const format = FORMAT.exec(value);
  if (format) return `${what} contains an invisible formatting character (${codePoint(format[0])}); type it again without it`;
  return wellFormedProblem(value, what);
}

/** null when `value` is well-formed UTF-16 (every surrogate paired), else the message for its field. */
export function wellFormedProblem(value: string, what: string): string | null {
  const lone = LONE_SURROGATE.exec(value);
  return lone ? `${what} contains a broken character (${codePoint(lone[0])}, half of a pair); type it again` : null;
}

/** Digits with at most one dot and digits after it: no sign, exponent, grouping or spaces. */
export const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Amounts are refused, not rewritten, when they start with extra zeros ("007.5", "00.1"): the
 * amount the user confirms is then exactly the text that goes into the audit log and the request.
 */
export function hasLeadingZeros(amount: string): boolean {
  return /^0\d/.test(amount);
}

export const LEADING_ZEROS_MESSAGE = 'Write the amount without leading zeros, e.g. 7.5 rather than 007.5';
