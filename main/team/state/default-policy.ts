// The policy a new team starts with: one other desk approves up to 10,000 in the reference
// currency, two up to 250,000, nothing above; no caps, any address, a day's cool-down for new
// address-book entries should the team turn the book on.
import type { TeamPolicy } from '../../../preload/contract/team';

export function defaultPolicy(referenceCurrency: string): TeamPolicy {
  return {
    version: 1,
    referenceCurrency,
    tiers: [
      { upTo: '10000', approvals: 1 },
      { upTo: '250000', approvals: 2 },
    ],
    currencyCaps: [],
    teamDailyCap: null,
    addressBookOnly: false,
    coolDownHours: 24,
  };
}
