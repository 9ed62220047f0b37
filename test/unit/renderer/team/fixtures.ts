// A team status as main answers it, for the specs to vary.
import type { AddressEntryView, TeamStatus, TeamWithdrawalView } from '../../../../preload/contract/team';

export const FINGERPRINT = 'A1B2 C3D4 E5F6 0718 293A 4B5C 6D7E 8F90 1122 3344 5566 7788 99AA BBCC DDEE FF00';

export function entry(over: Partial<AddressEntryView> = {}): AddressEntryView {
  return {
    id: 'e1', label: 'Cold wallet', currency: 'USDT', network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7',
    paymentId: null, proposedBy: 'Payments', proposedAt: '2026-11-26T09:00:00.000Z', approvedBy: 'Treasury',
    approvedAt: '2026-11-26T10:00:00.000Z', usableFrom: '2026-11-27T09:00:00.000Z', state: 'usable', canApprove: false, whyNot: null,
    ...over,
  };
}

export function status(over: Partial<TeamStatus> = {}): TeamStatus {
  return {
    state: 'member', unreachable: null, server: 'coffer@db.example.com:5432/coffer', profileId: 'p1',
    team: { id: 't1', name: 'Treasury' }, desk: { publicKey: 'pk-self', fingerprint: FINGERPRINT, name: 'Payments' },
    members: [], joinRequests: [], policy: null, pendingPolicy: null, addressBook: [], spending: [], tampered: [],
    ...over,
  };
}

export function solo(): TeamStatus {
  return status({ state: 'solo', server: null, profileId: null, team: null, desk: null });
}

export function teamView(over: Partial<TeamWithdrawalView> = {}): TeamWithdrawalView {
  return {
    preparedBy: { name: 'Payments', at: '2026-11-27T09:00:00.000Z' }, reason: 'Supplier invoice 4411', policyVersion: 1,
    referenceValue: '12000', referenceCurrency: 'USDT', approvalsNeeded: 2, approvals: [{ name: 'Treasury', at: '2026-11-27T09:05:00.000Z' }],
    stillNeeds: '1 more approval by a desk other than Payments and Treasury', canApprove: false,
    whyNot: 'This desk prepared it: another desk must approve.', committedBy: null, rejectedBy: null,
    ...over,
  };
}
