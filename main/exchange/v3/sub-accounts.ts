// Version 3 sub-account calls (SUPPLEMENT §5).
import type {
  AccountBalances, CryptoAddress, SubAccount, SubAccountAcl, SubAccountAclChange, SubAccountTransferRequest,
} from '../domain';
import { SUB_ACCOUNT_DIRECTIONS } from '../domain';
import { asObject } from '../json';
import type { Settled } from '../operations';
import { requireCode, requireIds, requireOneOf, requirePositive, requireText } from '../validate';
import type { V3Calls } from './calls';
import { parseAcl, parseAddress, parseBalances, parseResultBoolean, parseResultId, parseSubAccounts, unwrapResult } from './records';

export async function subAccounts(calls: V3Calls): Promise<SubAccount[]> {
  return parseSubAccounts(await calls.read('/api/3/sub-account'));
}

export async function freezeSubAccounts(calls: V3Calls, ids: readonly string[]): Promise<boolean> {
  return parseResultBoolean(await calls.once('POST', '/api/3/sub-account/freeze', { sub_account_ids: requireIds(ids, 'subAccountIds') }));
}

export async function activateSubAccounts(calls: V3Calls, ids: readonly string[]): Promise<boolean> {
  return parseResultBoolean(await calls.once('POST', '/api/3/sub-account/activate', { sub_account_ids: requireIds(ids, 'subAccountIds') }));
}

export async function subAccountAcl(calls: V3Calls, ids: readonly string[]): Promise<SubAccountAcl[]> {
  return parseAcl(await calls.read('/api/3/sub-account/acl', { sub_account_ids: requireIds(ids, 'subAccountIds') }));
}

export async function setSubAccountAcl(calls: V3Calls, ids: readonly string[], change: SubAccountAclChange): Promise<SubAccountAcl[]> {
  const body = {
    sub_account_ids: requireIds(ids, 'subAccountIds'),
    deposit_address_generation_enabled: change.depositAddressGenerationEnabled,
    withdraw_enabled: change.withdrawEnabled,
    description: change.description,
  };
  return parseAcl(await calls.once('POST', '/api/3/sub-account/acl', body));
}

export async function subAccountBalances(calls: V3Calls, subAccountId: string): Promise<AccountBalances> {
  const reply = asObject(unwrapResult(await calls.read(`/api/3/sub-account/balance/${encodeURIComponent(requireText(subAccountId, 'subAccountId'))}`)), 'result');
  return { wallet: parseBalances(reply.wallet ?? [], 'wallet'), spot: parseBalances(reply.spot ?? [], 'spot') };
}

export async function subAccountAddress(calls: V3Calls, subAccountId: string, currency: string, networkCode?: string): Promise<CryptoAddress> {
  const path = `/api/3/sub-account/crypto/address/${encodeURIComponent(requireText(subAccountId, 'subAccountId'))}/${requireCode(currency, 'currency')}`;
  const reply = await calls.read(path, { network_code: networkCode });
  return parseAddress(unwrapResult(reply));
}

export async function subAccountTransfer(calls: V3Calls, request: SubAccountTransferRequest): Promise<Settled<string>> {
  const subAccountId = requireText(request.subAccountId, 'subAccountId');
  const currency = requireCode(request.currency, 'currency');
  const amount = requirePositive(request.amount, 'amount').toFixed();
  const type = requireOneOf(request.direction, SUB_ACCOUNT_DIRECTIONS, 'direction');
  const move = { kind: 'subAccountTransfer' as const, currency, amount, destination: `${type}:${subAccountId}` };
  const body = { sub_account_id: subAccountId, amount, currency, type };
  return calls.moveMoney(move, '/api/3/sub-account/transfer', body, parseResultId);
}
