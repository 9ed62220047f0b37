// What a key may do: the rights the service grants per key, and what probing them found.
export const KEY_RIGHTS = ['PAY', 'WDR', 'HIST', 'ORD'] as const;
export type KeyRight = (typeof KEY_RIGHTS)[number];

export interface RightsProbe {
  rights: KeyRight[];
  /** Rights no probe could decide (endpoint missing, outage); neither held nor missing. */
  undetermined: KeyRight[];
  /** Per right, the call that decided it and why, for the Profiles page and the log. */
  evidence: Record<KeyRight, string>;
}
