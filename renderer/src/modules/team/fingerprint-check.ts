// The admitting member types (or reads back) the fingerprint the new desk shows on its own screen;
// it must be the request's, whatever the spacing or case it was typed in. A match proves the
// request came from that desk and not from someone who reached the server in between.
const HEX_GROUPS = /[^0-9A-F]/g;

export function normalizeFingerprint(text: string): string {
  return text.toUpperCase().replace(HEX_GROUPS, '');
}

export function sameFingerprint(typed: string, expected: string): boolean {
  const wanted = normalizeFingerprint(expected);
  return wanted.length > 0 && normalizeFingerprint(typed) === wanted;
}

/** How far the typed text matches so far, for the dialog's hint: every character typed agrees. */
export function fingerprintPrefixAgrees(typed: string, expected: string): boolean {
  return normalizeFingerprint(expected).startsWith(normalizeFingerprint(typed));
}
