// Version 2 wire records (camelCase, api-v2.md "Resources and their fields") → domain objects.
// Every reply is checked here, at the edge; a missing or non-decimal field raises ApiError(kind
// 'response') naming it. Shapes the two versions share are read by the version 3 parsers.
import Decimal from '../decimal';
import type {
  BuyCryptoOrder, BuyCryptoRate, Candle, CryptoAddress, Currency, MarketSymbol, SubAccount, SubAccountAcl,
} from '../domain';
import { asArray, asObject, bool, decimal, id, optDecimal, optInt, optStr, str, type JsonObject } from '../json';
import { unwrapResult } from '../v3/records';

/**
 * Version 2 knows one network per currency: its payout figures are the currency's own, so the
 * currency is given that one network (code = the currency's code) as the default. Fiat has none.
 */
export function parseCurrencyV2(value: unknown): Currency {
  const record = asObject(value, 'currency');
  const code = str(record, 'id');
  const crypto = bool(record, 'crypto');
  const places = optInt(record, 'precisionTransfer');
  return {
    code,
    fullName: optStr(record, 'fullName') ?? code,
    crypto,
    payinEnabled: bool(record, 'payinEnabled'),
    payoutEnabled: bool(record, 'payoutEnabled'),
    transferEnabled: bool(record, 'transferEnabled'),
    delisted: bool(record, 'delisted'),
    // Version 2 gives digits after the point (8); the domain, like version 3, the step (0.00000001).
    precisionTransfer: places === undefined ? undefined : new Decimal(10).pow(-places),
    networks: !crypto ? [] : [{
      code,
      network: code,
      name: optStr(record, 'fullName') ?? code,
      isDefault: true,
      payinEnabled: bool(record, 'payinEnabled'),
      payoutEnabled: bool(record, 'payoutEnabled'),
      minWithdrawal: optDecimal(record, 'payoutMinimalAmount'),
      payoutFee: optDecimal(record, 'payoutFee'),
      paymentIdRequired: bool(record, 'payoutIsPaymentId'),
      addressRegex: undefined,
      paymentIdRegex: undefined,
    }],
  };
}

/**
 * The networkCode to send for a network the caller named: none for the currency's own network
 * (the one parseCurrencyV2 gives it, whose code is the currency's and which the service does not
 * know by that code: USDT's is ETH), any other as it is.
 */
export function sentNetworkCode(currency: string, networkCode: string | undefined): string | undefined {
  return networkCode === undefined || networkCode.toUpperCase() === currency.toUpperCase() ? undefined : networkCode;
}

export function parseSymbolV2(value: unknown): MarketSymbol {
  const record = asObject(value, 'symbol');
  return { id: str(record, 'id'), base: str(record, 'baseCurrency'), quote: str(record, 'quoteCurrency'), feeCurrency: optStr(record, 'feeCurrency') };
}

export function parseCandleV2(value: unknown): Candle {
  const record = asObject(value, 'candles');
  return {
    timestamp: str(record, 'timestamp'),
    open: decimal(record, 'open'), close: decimal(record, 'close'), high: decimal(record, 'max'), low: decimal(record, 'min'),
    volume: decimal(record, 'volume'), volumeQuote: decimal(record, 'volumeQuote'),
  };
}

export interface TickerV2 {
  symbol: string;
  bid: Decimal | undefined;
  ask: Decimal | undefined;
  last: Decimal | undefined;
  timestamp: string;
}

/** ask, bid and last are null when the symbol has no data (api-v2.md "Ticker"). */
export function parseTickerV2(value: unknown): TickerV2 {
  const record = asObject(value, 'ticker');
  return {
    symbol: str(record, 'symbol'),
    bid: optDecimal(record, 'bid'), ask: optDecimal(record, 'ask'), last: optDecimal(record, 'last'),
    timestamp: str(record, 'timestamp'),
  };
}

/** An address record carries no currency in version 2: it is the one the call was about. */
export function parseAddressV2(value: unknown, currency: string | undefined): CryptoAddress {
  const record = asObject(value, 'address');
  return {
    currency,
    address: str(record, 'address'),
    paymentId: optStr(record, 'paymentId'),
    publicKey: optStr(record, 'publicKey'),
    networkCode: optStr(record, 'networkCode'),
  };
}

export function parseSubAccountsV2(value: unknown): SubAccount[] {
  return asArray(unwrapResult(value), 'result').map((item) => {
    const record = asObject(item, 'sub-account');
    return { id: id(record, 'id'), email: optStr(record, 'email') ?? '', status: str(record, 'status') };
  });
}

/**
 * A withdrawal setting (subAccountId, isPayoutEnabled, description). Version 2 has no switch for
 * deposit addresses: the master generates a sub-account's deposit address whenever it asks
 * (GET /sub-acc/deposit-address), so that right reads as held.
 */
export function parseAclV2(value: unknown): SubAccountAcl[] {
  return asArray(unwrapResult(value), 'result').map((item) => {
    const record = asObject(item, 'acl');
    return {
      subAccountId: id(record, 'subAccountId'),
      depositAddressGenerationEnabled: true,
      withdrawEnabled: bool(record, 'isPayoutEnabled'),
      description: optStr(record, 'description'),
      createdAt: undefined,
      updatedAt: undefined,
    };
  });
}

export function parseBuyCryptoRateV2(value: unknown): BuyCryptoRate {
  const record = asObject(value, 'rate');
  const prices = record.prices === undefined ? [] : asArray(record.prices, 'prices');
  return {
    spotPrice: optDecimal(record, 'spotPrice'),
    prices: prices.map((item) => {
      const price = asObject(item, 'prices');
      return {
        paymentMethodId: id(price, 'paymentMethodId'),
        type: optStr(price, 'type') ?? '',
        sourceCode: str(price, 'sourceCode'),
        targetCode: str(price, 'targetCode'),
        sourceAmount: decimal(price, 'sourceAmount'),
        targetAmount: decimal(price, 'targetAmount'),
      };
    }),
  };
}

/** A buy order: api-v2.md lists id, providerId, the codes, walletAddress, checkoutURL, status and
 *  createdAt; amounts and the payment method are read when the service adds them. */
export function parseBuyCryptoOrderV2(value: unknown): BuyCryptoOrder {
  const record: JsonObject = asObject(value, 'order');
  return {
    id: id(record, 'id'),
    providerId: optStr(record, 'providerId') ?? '',
    sourceCode: str(record, 'sourceCode'),
    targetCode: str(record, 'targetCode'),
    sourceAmount: optDecimal(record, 'sourceAmount'),
    targetAmount: optDecimal(record, 'targetAmount'),
    targetNetworkCode: optStr(record, 'targetNetworkCode'),
    paymentMethodId: optStr(record, 'paymentMethodId'),
    walletAddress: optStr(record, 'walletAddress'),
    checkoutUrl: optStr(record, 'checkoutURL'),
    status: str(record, 'status'),
    createdAt: optStr(record, 'createdAt'),
    operationId: optStr(record, 'operationId'),
  };
}
