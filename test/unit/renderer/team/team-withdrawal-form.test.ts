// The withdrawal form on a team desk: the reason is required only while the team governs the
// active profile, is sent trimmed as `reason`, and the address book offers its usable entries for
// the chosen currency, filling address, network and payment id.
import { describe, expect, it } from 'vitest';
import type { CurrencyInfo, WalletOverview } from '../../../../preload/contract';
import { ok } from '../../../../preload/contract/result';
import { usePendingStore } from '../../../../renderer/src/modules/pending/pending-store';
import { useProfilesStore } from '../../../../renderer/src/modules/profiles/profiles-store';
import { useTeamStore } from '../../../../renderer/src/modules/team/team-store';
import { useWithdrawalForm } from '../../../../renderer/src/modules/wallet/use-withdrawal-form';
import { useWalletStore } from '../../../../renderer/src/modules/wallet/wallet-store';
import { emptyDraft, toWithdrawalInput, validateWithdrawal } from '../../../../renderer/src/modules/wallet/withdrawal-form';
import { fakeBridge, withSetup } from '../fake-bridge';
import { entry, solo, status } from './fixtures';

const XRP: CurrencyInfo = {
  code: 'XRP', fullName: 'Ripple', crypto: true, payinEnabled: true, payoutEnabled: true, transferEnabled: true, precision: 6,
  networks: [{
    network: 'XRP', name: 'XRP Ledger', isDefault: true, payinEnabled: true, payoutEnabled: true, minWithdrawal: '1',
    payoutFee: '0.1', paymentIdRequired: true, addressRegex: null, paymentIdRegex: null,
  }],
};
const OVERVIEW: WalletOverview = {
  profileId: 'p1', valuationCurrency: 'USDT', totalValue: '100', rates: { XRP: '1' }, unvalued: [], live: true, precision: { XRP: 6 },
  asOf: '2026-11-27T09:00:00.000Z',
  balances: [{ currency: 'XRP', wallet: { available: '100', reserved: '0' }, spot: { available: '0', reserved: '0' }, total: '100', value: '100' }],
};

function setup() {
  const fake = fakeBridge({ estimateWithdrawalFee: () => ok({ fee: '0.1', arrives: '10', debited: '10.1' }) });
  const { result: form } = withSetup(fake.bridge, () => useWithdrawalForm(), () => {
    usePendingStore().setSyncing(true);
    useProfilesStore().setActiveProfileId('p1');
    const wallet = useWalletStore();
    wallet.setCurrencies('p1', [XRP]);
    wallet.setOverview(OVERVIEW);
  });
  form.reset('XRP');
  return { fake, form };
}

describe('the reason', () => {
  it('is required only when asked, and never longer than 500 characters', () => {
    const draft = { ...emptyDraft('XRP'), address: 'rAddress', amount: '10', paymentId: '7' };
    expect(validateWithdrawal(draft, { currency: XRP, available: '100', reasonRequired: true }).reason).toBe('Say why: the other desks see this reason.');
    expect(validateWithdrawal(draft, { currency: XRP, available: '100' }).reason).toBeUndefined();
    expect(validateWithdrawal({ ...draft, reason: 'x'.repeat(501) }, { currency: XRP, available: '100' }).reason).toBe('At most 500 characters (now 501).');
  });

  it('is sent trimmed, and not at all when blank', () => {
    const draft = { ...emptyDraft('XRP'), address: 'rAddress', amount: '10', reason: '  Invoice 4411 ' };
    expect(toWithdrawalInput(draft, undefined).reason).toBe('Invoice 4411');
    expect('reason' in toWithdrawalInput({ ...draft, reason: ' ' }, undefined)).toBe(false);
  });

  it('follows the team: required while it governs the active profile, not for another profile or a solo desk', () => {
    const { form } = setup();
    const team = useTeamStore();
    team.setStatus(solo());
    expect(form.reasonRequired.value).toBe(false);
    expect(form.errors.value.reason).toBeUndefined();
    team.setStatus(status());
    expect(form.reasonRequired.value).toBe(true);
    expect(form.errors.value.reason).toBeDefined();
    useProfilesStore().setActiveProfileId('p2');
    expect(form.reasonRequired.value).toBe(false);
  });
});

describe('the team’s server', () => {
  it('blocks the form with its reason only while it governs the active profile and cannot be reached', () => {
    const { form } = setup();
    useTeamStore().setStatus(status({ unreachable: 'connect ECONNREFUSED' }));
    expect(form.teamBlocked.value).toBe('connect ECONNREFUSED');
    useProfilesStore().setActiveProfileId('p2');
    expect(form.teamBlocked.value).toBeNull();
    useProfilesStore().setActiveProfileId('p1');
    useTeamStore().setStatus(status());
    expect(form.teamBlocked.value).toBeNull();
  });
});

describe('the address book in the form', () => {
  it('offers the usable entries of the chosen currency and fills the destination from one', () => {
    const { form } = setup();
    const memo = entry({ id: 'x1', currency: 'XRP', network: 'XRP', address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', paymentId: '1234' });
    useTeamStore().setStatus(status({ addressBook: [memo, entry({ id: 'u1' }), entry({ id: 'x2', currency: 'XRP', state: 'coolingDown' })] }));
    expect(form.bookEntries.value.map((e) => e.id)).toEqual(['x1']);
    form.useBookEntry(memo);
    expect([form.draft.address, form.draft.network, form.draft.paymentId]).toEqual([memo.address, 'XRP', '1234']);
    expect(form.shownErrors.value.address).toBeUndefined();
  });

  it('says when the policy allows only the address book', () => {
    const { form } = setup();
    const policy = { version: 1, referenceCurrency: 'USDT', tiers: [{ upTo: null, approvals: 1 }], currencyCaps: [], teamDailyCap: null, addressBookOnly: true, coolDownHours: 24 };
    useTeamStore().setStatus(status({ policy }));
    expect(form.bookOnly.value).toBe(true);
    useTeamStore().setStatus(status({ policy: { ...policy, addressBookOnly: false } }));
    expect(form.bookOnly.value).toBe(false);
  });
});
