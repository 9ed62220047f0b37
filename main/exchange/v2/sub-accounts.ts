// Version 2 sub-account calls (/api/2/sub-acc). Ids are numbers in version 2 (strings in the
// domain); balances name the wallet side "main" and the spot side "trading"; a transfer is
// "deposit" (to the sub-account) or "withdraw" (from it) and is sent once.
import type { SubAccountCalls } from '../calls/sub-accounts';
import type { SubAccountAcl } from '../domain';
import { inputError } from '../errors';
import { asObject } from '../json';
import type { ServiceCalls } from '../service-calls';
import { checkedSubAccountTransfer } from '../money-requests';
import { requireCode, requireIds, requireText } from '../validate';
import { parseBalances, parseResultBoolean, parseResultId, unwrapResult } from '../v3/records';
import { parseAclV2, parseAddressV2, parseSubAccountsV2, sentNetworkCode } from './records';

function requireNumericId(value: string, field: string): string {
  const text = requireText(value, field);
  if (!/^\d{1,20}$/.test(text)) throw inputError(field, `"${text}" is not a sub-account id (a whole number)`);
  return text;
}

const requireNumericIds = (values: readonly string[], field: string) => requireIds(values, field).map((value) => requireNumericId(value, field));

const subAccountPath = (prefix: string, subAccountId: string) => `/api/2/sub-acc/${prefix}/${requireNumericId(subAccountId, 'subAccountId')}`;

const TRANSFER_TYPE = { to_sub_account: 'deposit', from_sub_account: 'withdraw' } as const;

export const subAccountCallsV2 = (calls: ServiceCalls) => {
  const subAccountAcl = async (ids: readonly string[]) =>
    parseAclV2(await calls.read('/api/2/sub-acc/acl', { subAccountIds: requireNumericIds(ids, 'subAccountIds') }));

  return {
    subAccounts: async () => parseSubAccountsV2(await calls.read('/api/2/sub-acc')),

    freezeSubAccounts: async (ids) =>
      parseResultBoolean(await calls.once('POST', '/api/2/sub-acc/freeze', { ids: requireNumericIds(ids, 'subAccountIds') })),

    activateSubAccounts: async (ids) =>
      parseResultBoolean(await calls.once('POST', '/api/2/sub-acc/activate', { ids: requireNumericIds(ids, 'subAccountIds') })),

    subAccountAcl,

    /**
     * One PUT per sub-account; the PUT sets both fields, so one left out of `change` keeps the
     * value it has (read first). Version 2 has no deposit-address switch: asking to change it is
     * refused before anything is sent.
     */
    setSubAccountAcl: async (ids, change) => {
      const checked = requireNumericIds(ids, 'subAccountIds');
      if (change.depositAddressGenerationEnabled !== undefined) {
        throw inputError('depositAddressGenerationEnabled', 'version 2 has no deposit-address setting for sub-accounts');
      }
      if (change.withdrawEnabled === undefined && change.description === undefined) throw inputError('change', 'names nothing to set');
      const current = change.withdrawEnabled === undefined || change.description === undefined ? await subAccountAcl(checked) : [];
      const results: SubAccountAcl[] = [];
      for (const subAccountId of checked) {
        const before = current.find((acl) => acl.subAccountId === subAccountId);
        const isPayoutEnabled = change.withdrawEnabled ?? before?.withdrawEnabled;
        if (isPayoutEnabled === undefined) throw inputError('withdrawEnabled', `is required: sub-account ${subAccountId} lists no setting to keep`);
        const body = { isPayoutEnabled, description: change.description ?? before?.description ?? '' };
        results.push(...parseAclV2(await calls.idempotent('PUT', `/api/2/sub-acc/acl/${subAccountId}`, body)));
      }
      return results;
    },

    subAccountBalances: async (subAccountId) => {
      const reply = asObject(unwrapResult(await calls.read(subAccountPath('balance', subAccountId))), 'result');
      return { wallet: parseBalances(reply.main ?? [], 'main'), spot: parseBalances(reply.trading ?? [], 'trading') };
    },

    subAccountAddress: async (subAccountId, currency, networkCode) => {
      const code = requireCode(currency, 'currency');
      const path = `${subAccountPath('deposit-address', subAccountId)}/${encodeURIComponent(code)}`;
      return parseAddressV2(unwrapResult(await calls.read(path, { networkCode: sentNetworkCode(code, networkCode) })), code);
    },

    subAccountTransfer: async (request) => {
      const { subAccountId, currency, amount, direction, move } = checkedSubAccountTransfer(request, requireNumericId);
      const body = { subAccountId, amount, currency, type: TRANSFER_TYPE[direction] };
      return calls.moveMoney(move, '/api/2/sub-acc/transfer', body, parseResultId);
    },
  } satisfies SubAccountCalls;
};
