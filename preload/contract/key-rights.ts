// How a key's rights read to a person (api-v3.md "Rights"), and the one wording of a missing right,
// used by main when the service refuses a call and by pages that say so before the user starts.
import type { KeyRight } from './profiles';

export const RIGHT_NAMES: Readonly<Record<KeyRight, string>> = {
  PAY: 'Payment information',
  WDR: 'Withdraw',
  HIST: 'History and trading balance',
  ORD: 'Place and cancel orders',
};

/** "This key lacks the Withdraw right (WDR)". */
export const missingRightWords = (right: KeyRight): string => `This key lacks the ${RIGHT_NAMES[right]} right (${right})`;

/** Whether the profile's key is known to lack `right`: false while its rights are unknown (never probed). */
export const knownToLack = (rights: readonly KeyRight[] | null, right: KeyRight): boolean => rights !== null && !rights.includes(right);
