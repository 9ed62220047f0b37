// Every field of a withdrawal checked before any request, each failure naming the field in the
// contract's words: currency, network, address, paymentId, amount, publicComment.
import Decimal from '../../../preload/contract/decimal';
import type { WithdrawalInput } from '../../../preload/contract/withdrawals';
import type { Currency, Network } from '../../exchange/domain';
import { findCurrency as listedCurrency, invalid } from '../field-checks';
import { parseAmount } from '../transfers/checks';

export const MAX_PUBLIC_COMMENT = 255;

export interface CheckedWithdrawal {
  currency: Currency;
  network: Network;
  address: string;
  paymentId: string | undefined;
  amount: Decimal;
  fee: Decimal;
  includeFee: boolean;
  publicComment: string | undefined;
}

/** Throws an AppFailure naming the first bad field. `available` is the wallet's available balance. */
export function checkWithdrawal(input: WithdrawalInput, currencies: readonly Currency[], available: Decimal): CheckedWithdrawal {
  const currency = findCurrency(input.currency, currencies);
  const network = findNetwork(currency, input.network);
  const address = input.address.trim();
  checkAddress(address, network);
  const paymentId = checkPaymentId(input.paymentId, network, currency.code);
  const amount = parseAmount(input.amount, currency);
  const fee = network.payoutFee ?? new Decimal(0);
  const includeFee = input.includeFee === true;
  checkAmountCovers(amount, fee, includeFee, available, network, currency.code);
  const publicComment = input.publicComment === undefined || input.publicComment === '' ? undefined : input.publicComment;
  if (publicComment !== undefined && publicComment.length > MAX_PUBLIC_COMMENT) {
    throw invalid('publicComment', `The public comment must be at most ${MAX_PUBLIC_COMMENT} characters`);
  }
  return { currency, network, address, paymentId, amount, fee, includeFee, publicComment };
}

function findCurrency(code: string, currencies: readonly Currency[]): Currency {
  const currency = listedCurrency(code, currencies, 'currency');
  if (!currency.crypto) throw invalid('currency', `${currency.code} is not a crypto currency and cannot be withdrawn`);
  if (!currency.payoutEnabled || currency.delisted) throw invalid('currency', `Withdrawals of ${currency.code} are disabled`);
  return currency;
}

function findNetwork(currency: Currency, code: string | undefined): Network {
  const wanted = code?.trim().toUpperCase();
  const network = wanted
    ? currency.networks.find((n) => n.network.toUpperCase() === wanted)
    : (currency.networks.find((n) => n.isDefault) ?? currency.networks[0]);
  if (network === undefined) {
    throw invalid('network', wanted ? `${currency.code} has no network ${code}` : `${currency.code} has no network to withdraw on`);
  }
  if (!network.payoutEnabled) throw invalid('network', `Withdrawals of ${currency.code} on ${network.name || network.network} are disabled`);
  return network;
}

/** The service's patterns are whole-value patterns; anchor them if they are not. */
export function matchesPattern(pattern: string | undefined, value: string): boolean {
  if (pattern === undefined || pattern === '') return true;
  try {
    return new RegExp(`^(?:${pattern})$`).test(value);
  } catch {
    // A pattern we cannot compile must not block the user: the service checks again.
    return true;
  }
}

function checkAddress(address: string, network: Network): void {
  if (address === '') throw invalid('address', 'Enter the address to withdraw to');
  if (!matchesPattern(network.addressRegex, address)) {
    throw invalid('address', `This is not a valid ${network.name || network.network} address`);
  }
}

function checkPaymentId(raw: string | undefined, network: Network, currency: string): string | undefined {
  const paymentId = raw?.trim() || undefined;
  if (paymentId === undefined) {
    if (network.paymentIdRequired) throw invalid('paymentId', `A payment id is required for ${currency} on ${network.network}`);
    return undefined;
  }
  if (!matchesPattern(network.paymentIdRegex, paymentId)) throw invalid('paymentId', 'This payment id has the wrong format');
  return paymentId;
}

function checkAmountCovers(amount: Decimal, fee: Decimal, includeFee: boolean, available: Decimal, network: Network, code: string): void {
  if (network.minWithdrawal !== undefined && amount.lt(network.minWithdrawal)) {
    throw invalid('amount', `The minimum withdrawal of ${code} on ${network.network} is ${network.minWithdrawal.toFixed()}`);
  }
  if (includeFee && amount.lte(fee)) {
    throw invalid('amount', `With the fee included the amount must exceed the fee of ${fee.toFixed()} ${code}`);
  }
  const debit = includeFee ? amount : amount.plus(fee);
  if (debit.gt(available)) {
    const what = includeFee ? 'The amount' : `The amount plus the fee of ${fee.toFixed()} ${code}`;
    throw invalid('amount', `Insufficient funds: ${what} exceeds the available ${available.toFixed()} ${code}`);
  }
}
