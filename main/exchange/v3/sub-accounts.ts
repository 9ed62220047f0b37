// Version 3 sub-account calls (SUPPLEMENT §5).
import type { SubAccountCalls } from '../calls/sub-accounts';
import { asObject } from '../json';
import { checkedSubAccountTransfer } from '../money-requests';
import { requireCode, requireIds, requireText } from '../validate';
import type { V3Calls } from './calls';
import { parseAcl, parseAddress, parseBalances, parseResultBoolean, parseResultId, parseSubAccounts, unwrapResult } from './records';

const subAccountPath = (prefix: string, subAccountId: string) =>
  `/api/3/sub-account/${prefix}/${encodeURIComponent(requireText(subAccountId, 'subAccountId'))}`;

export const subAccountCallsV3 = (calls: V3Calls) => ({
  subAccounts: async () => parseSubAccounts(await calls.read('/api/3/sub-account')),

  freezeSubAccounts: async (ids) =>
    parseResultBoolean(await calls.once('POST', '/api/3/sub-account/freeze', { sub_account_ids: requireIds(ids, 'subAccountIds') })),

  activateSubAccounts: async (ids) =>
    parseResultBoolean(await calls.once('POST', '/api/3/sub-account/activate', { sub_account_ids: requireIds(ids, 'subAccountIds') })),

  subAccountAcl: async (ids) => parseAcl(await calls.read('/api/3/sub-account/acl', { sub_account_ids: requireIds(ids, 'subAccountIds') })),

  setSubAccountAcl: async (ids, change) => {
    const body = {
      sub_account_ids: requireIds(ids, 'subAccountIds'),
      deposit_address_generation_enabled: change.depositAddressGenerationEnabled,
      withdraw_enabled: change.withdrawEnabled,
      description: change.description,
    };
    return parseAcl(await calls.once('POST', '/api/3/sub-account/acl', body));
  },

  subAccountBalances: async (subAccountId) => {
    const reply = asObject(unwrapResult(await calls.read(subAccountPath('balance', subAccountId))), 'result');
    return { wallet: parseBalances(reply.wallet ?? [], 'wallet'), spot: parseBalances(reply.spot ?? [], 'spot') };
  },

  subAccountAddress: async (subAccountId, currency, networkCode) => {
    const path = `${subAccountPath('crypto/address', subAccountId)}/${requireCode(currency, 'currency')}`;
    return parseAddress(unwrapResult(await calls.read(path, { network_code: networkCode })));
  },

  subAccountTransfer: async (request) => {
    const { subAccountId, currency, amount, direction, move } = checkedSubAccountTransfer(request, requireText);
    const body = { sub_account_id: subAccountId, amount, currency, type: direction };
    return calls.moveMoney(move, '/api/3/sub-account/transfer', body, parseResultId);
  },
}) satisfies SubAccountCalls;
