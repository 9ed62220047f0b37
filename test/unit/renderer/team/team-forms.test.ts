// The connect form's and the policy form's rules: what is refused before any request, on which
// field, and the request a valid draft sends.
import { describe, expect, it } from 'vitest';
import { checkServerUrl, emptyConnectDraft, toConnectInput, validateConnect } from '../../../../renderer/src/modules/team/connect-form';
import { sameFingerprint } from '../../../../renderer/src/modules/team/fingerprint-check';
import { addTier, policyDraftFrom, removeRow, toPolicyInput, validatePolicyDraft } from '../../../../renderer/src/modules/team/policy-draft';
import { FINGERPRINT } from './fixtures';

describe('checkServerUrl', () => {
  it('accepts a remote server only with sslmode=verify-full', () => {
    expect(checkServerUrl('postgres://coffer@db.example.com:5432/coffer?sslmode=verify-full')).toBeUndefined();
    expect(checkServerUrl('postgres://coffer@db.example.com:5432/coffer?sslmode=require')).toMatch(/verify-full/);
    expect(checkServerUrl('postgres://coffer@db.example.com:5432/coffer')).toMatch(/verify-full/);
  });

  it('lets a server on this computer go without TLS', () => {
    expect(checkServerUrl('postgres://coffer@127.0.0.1:5432/coffer')).toBeUndefined();
    expect(checkServerUrl('postgresql://coffer@localhost/coffer')).toBeUndefined();
  });

  it('refuses a password inside the address, another scheme, no database, nothing', () => {
    expect(checkServerUrl('postgres://coffer:secret@localhost/coffer')).toMatch(/Password field/);
    expect(checkServerUrl('https://db.example.com/coffer')).toMatch(/postgres:\/\//);
    expect(checkServerUrl('postgres://coffer@localhost:5432')).toMatch(/names no database/);
    expect(checkServerUrl('  ')).toBe('Enter the server address.');
  });
});

describe('connect draft', () => {
  it('needs a team name and currency to create, not to join', () => {
    const draft = { ...emptyConnectDraft(), url: 'postgres://c@localhost/coffer', deskName: 'Payments' };
    expect(validateConnect(draft)).toEqual({ teamName: 'Enter the team’s name.' });
    expect(validateConnect({ ...draft, action: 'join' })).toEqual({});
    expect(validateConnect({ ...draft, deskName: ' ' }).deskName).toBe('Enter a name for this desk.');
  });

  it('sends a join without team fields and a create with them, the password only when typed', () => {
    const draft = { ...emptyConnectDraft(), url: ' postgres://c@localhost/coffer ', deskName: ' Payments ', teamName: 'Treasury' };
    expect(toConnectInput({ ...draft, action: 'join' })).toEqual({ url: 'postgres://c@localhost/coffer', deskName: 'Payments', action: 'join' });
    expect(toConnectInput({ ...draft, password: 'pw' })).toEqual({
      url: 'postgres://c@localhost/coffer', deskName: 'Payments', action: 'create', password: 'pw', teamName: 'Treasury', referenceCurrency: 'USDT',
    });
  });
});

describe('policy draft', () => {
  const policy = {
    version: 3, referenceCurrency: 'USDT', tiers: [{ upTo: '10000', approvals: 1 }, { upTo: null, approvals: 2 }],
    currencyCaps: [{ currency: 'BTC', amount: '2.5' }], teamDailyCap: null, addressBookOnly: true, coolDownHours: 24,
  };

  it('round-trips a policy through the draft', () => {
    const { version: _version, ...input } = policy;
    expect(toPolicyInput(policyDraftFrom(policy))).toEqual(input);
    expect(validatePolicyDraft(policyDraftFrom(policy))).toEqual({});
  });

  it('keys each error by the contract path of its field', () => {
    const draft = policyDraftFrom(policy);
    draft.tiers = [{ upTo: '', approvals: '1' }, { upTo: '5000', approvals: '0' }, { upTo: '4000', approvals: '2' }];
    draft.currencyCaps = [{ currency: 'btc', amount: '1' }, { currency: 'BTC', amount: '-1' }];
    draft.teamDailyCap = 'lots';
    draft.coolDownHours = '-1';
    expect(validatePolicyDraft(draft)).toEqual({
      'tiers.0.upTo': 'Only the last tier may have no upper bound.',
      'tiers.1.approvals': 'A whole number of desks from 1 to 10.',
      'tiers.2.upTo': 'Each tier must go higher than the one before it.',
      'currencyCaps.1.currency': 'BTC already has a cap.',
      'currencyCaps.1.amount': 'A positive amount, digits and a point only.',
      teamDailyCap: 'A positive amount, or blank for no team cap.',
      coolDownHours: 'Hours from 0 to 720.',
    });
  });

  it('needs at least one tier; adds and removes rows', () => {
    const draft = policyDraftFrom(null);
    expect(draft.tiers).toEqual([{ upTo: '', approvals: '1' }]);
    expect(validatePolicyDraft({ ...draft, tiers: [] }).tiers).toBe('Give at least one tier.');
    const more = addTier([{ upTo: '100', approvals: '2' }]);
    expect(more).toEqual([{ upTo: '100', approvals: '2' }, { upTo: '', approvals: '2' }]);
    expect(removeRow(more, 0)).toEqual([{ upTo: '', approvals: '2' }]);
  });
});

describe('sameFingerprint', () => {
  it('matches whatever the spacing and case, and only the whole fingerprint', () => {
    expect(sameFingerprint(FINGERPRINT.toLowerCase().replace(/ /g, ''), FINGERPRINT)).toBe(true);
    expect(sameFingerprint(FINGERPRINT.slice(0, 20), FINGERPRINT)).toBe(false);
    expect(sameFingerprint(FINGERPRINT.replace('A1B2', 'A1B3'), FINGERPRINT)).toBe(false);
    expect(sameFingerprint('', '')).toBe(false);
  });
});
