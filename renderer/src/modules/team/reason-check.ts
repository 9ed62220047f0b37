// A reason the other desks read (why money goes out, why a desk or an address should go): required
// where the team asks for one, one text of at most 500 characters — the contract's own limit.
export const REASON_MAX = 500;

export function checkReason(reason: string, required: boolean): string | undefined {
  if (required && reason.trim() === '') return 'Say why: the other desks see this reason.';
  if (reason.length > REASON_MAX) return `At most ${REASON_MAX} characters (now ${reason.length}).`;
  return undefined;
}
