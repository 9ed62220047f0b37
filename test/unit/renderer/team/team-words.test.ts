// How the team's facts read: tiers and ceiling in words, the cool-down, address states, the
// approvals count, the share of a cap used and the sentence said when the status changes.
import { describe, expect, it } from 'vitest';
import {
  addressApprovalBlock, addressStateWords, approvalsCountWords, capShare, capTone, ceilingWords, coolDownWords, entryKindWords, policyApprovalBlock,
  teamCapWords, teamChangeSentence, tierLines,
} from '../../../../renderer/src/modules/team/team-words';
import { entry, solo, status, teamView } from './fixtures';

describe('tierLines', () => {
  it('words each tier from the bound below it, thousands separated, never rounded', () => {
    const tiers = [{ upTo: '10000', approvals: 1 }, { upTo: '50000.5', approvals: 2 }, { upTo: null, approvals: 3 }];
    expect(tierLines(tiers, 'USDT')).toEqual([
      'up to 10,000 USDT: 1 other desk',
      'over 10,000 up to 50,000.5 USDT: 2 other desks',
      'above 50,000.5 USDT: 3 other desks',
    ]);
  });

  it('says "any amount" for a single unbounded tier', () => {
    expect(tierLines([{ upTo: null, approvals: 1 }], 'EUR')).toEqual(['any amount: 1 other desk']);
  });
});

describe('ceilingWords', () => {
  it('names the ceiling when the last tier is bounded', () => {
    expect(ceilingWords({ referenceCurrency: 'USDT', tiers: [{ upTo: '100000', approvals: 2 }] })).toBe(
      'Above 100,000 USDT a withdrawal is refused when it is prepared.',
    );
  });

  it('says there is none when the last tier has no bound', () => {
    expect(ceilingWords({ referenceCurrency: 'USDT', tiers: [{ upTo: '5', approvals: 1 }, { upTo: null, approvals: 2 }] })).toMatch(/^No ceiling/);
  });
});

describe('policy words', () => {
  it('words the cool-down in hours, and none', () => {
    expect(coolDownWords(24)).toContain('24 hours after it was proposed');
    expect(coolDownWords(1)).toContain('1 hour after');
    expect(coolDownWords(0)).toContain('as soon as another desk approves it');
  });

  it('words the team cap', () => {
    expect(teamCapWords({ teamDailyCap: '250000', referenceCurrency: 'USDT' })).toBe('250,000 USDT in any 24 hours');
    expect(teamCapWords({ teamDailyCap: null, referenceCurrency: 'USDT' })).toBe('No cap for the whole team');
  });
});

describe('addressStateWords', () => {
  const at = (iso: string) => `at ${iso}`;
  it('says each state in words, with the time a cooling entry becomes usable', () => {
    expect(addressStateWords(entry({ state: 'awaitingApproval' }), at)).toEqual({ label: 'Waiting for another desk’s approval', tone: 'warning' });
    expect(addressStateWords(entry({ state: 'coolingDown', usableFrom: '2026-11-28T09:00:00.000Z' }), at)).toEqual({
      label: 'Usable from at 2026-11-28T09:00:00.000Z', tone: 'info',
    });
    expect(addressStateWords(entry({ state: 'usable' }), at).label).toBe('Usable');
    expect(addressStateWords(entry({ state: 'removed' }), at).label).toBe('Removed');
  });
});

describe('approvals and caps', () => {
  it('counts approvals against what the tier needs', () => {
    expect(approvalsCountWords(teamView())).toBe('Approvals: 1 of 2');
    expect(approvalsCountWords(teamView({ approvals: [], approvalsNeeded: 1 }))).toBe('Approvals: 0 of 1');
  });

  it('gives the share of a cap used in whole percent, capped at 100, and exact on decimals', () => {
    expect(capShare('250', '1000')).toBe(25);
    expect(capShare('0.1', '0.3')).toBe(33);
    expect(capShare('1500', '1000')).toBe(100);
    expect(capShare('5', '0')).toBe(0);
    expect(capShare('x', '10')).toBe(0);
  });

  it('warns from 90 % and errs once the cap is reached', () => {
    expect(capTone('899.99', '1000')).toBe('default');
    expect(capTone('900', '1000')).toBe('warning');
    expect(capTone('1000', '1000')).toBe('error');
  });
});

describe('teamChangeSentence', () => {
  it('says nothing on the first read or when nothing a person must hear changed', () => {
    expect(teamChangeSentence(null, status())).toBeNull();
    expect(teamChangeSentence(status(), status({ members: [] }))).toBeNull();
  });

  it('says when this desk is admitted, removed or loses the server', () => {
    expect(teamChangeSentence(status({ state: 'requested' }), status())).toBe('This desk is now a member of the team Treasury.');
    expect(teamChangeSentence(status(), status({ state: 'removed' }))).toBe('This desk is no longer a member of the team.');
    expect(teamChangeSentence(status(), status({ unreachable: 'connection refused' }))).toBe('The team’s server cannot be reached: connection refused');
    expect(teamChangeSentence(status({ unreachable: 'x' }), status())).toBe('The team’s server can be reached again.');
    expect(teamChangeSentence(status(), solo())).toBe('This desk is no longer in a team.');
  });
});

describe('entryKindWords', () => {
  it('words every kind of entry, and marks one this desk does not know', () => {
    expect(entryKindWords('member.admitted')).toBe('Desk admitted');
    expect(entryKindWords('withdrawal.commitSent')).toBe('Withdrawal sent');
    expect(entryKindWords('ledger.claimed')).toBe('Transaction matched to a desk’s move');
    expect(entryKindWords('ledger.moveOpened')).toBe('Lost answer being checked');
    expect(entryKindWords('ledger.moveClosed')).toBe('Lost answer settled');
    expect(entryKindWords('policy.burned')).toBe('Unknown kind (policy.burned)');
  });
});

describe('approval blocks', () => {
  it('says why this desk may not approve a policy change', () => {
    const change = { proposal: 'a'.repeat(64), policy: { version: 2, referenceCurrency: 'USDT', tiers: [], currencyCaps: [], teamDailyCap: null, addressBookOnly: false, coolDownHours: 0 }, proposedBy: 'Payments', proposedAt: '2026-11-27T09:00:00.000Z', canApprove: false, whyNot: 'This desk proposed the change: another member must approve it' };
    expect(policyApprovalBlock(status({ pendingPolicy: change }))).toBe('This desk proposed the change: another member must approve it');
    expect(policyApprovalBlock(status({ pendingPolicy: { ...change, proposedBy: 'Treasury' }, unreachable: 'timeout' }))).toMatch(/^The team’s server cannot be reached \(timeout\)/);
    expect(policyApprovalBlock(status({ pendingPolicy: { ...change, canApprove: true } }))).toBeNull();
    expect(policyApprovalBlock(status())).toBeNull();
  });

  it('says why this desk may not approve an address, only while it waits for approval', () => {
    expect(addressApprovalBlock(entry({ state: 'awaitingApproval', whyNot: 'This desk added the address: another desk must approve it' }), status())).toBe('This desk added the address: another desk must approve it');
    expect(addressApprovalBlock(entry({ state: 'awaitingApproval', canApprove: true }), status())).toBeNull();
    expect(addressApprovalBlock(entry({ state: 'usable' }), status())).toBeNull();
  });
});
