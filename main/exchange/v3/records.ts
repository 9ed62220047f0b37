// Version 3 wire records → domain objects. Every reply is checked here, at the edge; a field that
// is missing or not a decimal raises ApiError(kind 'response') naming it.
import type {
  Balance, BuyCryptoLimit, BuyCryptoMeta, BuyCryptoOrder, BuyCryptoProvider, BuyCryptoRate, Candle, PriceHistory, CryptoAddress, Currency,
  FeeEstimate, MarketSymbol, Network, PriceRate,
  SubAccount, SubAccountAcl, Transaction, WhitelistedAddress,
} from '../domain';
import {
  asArray, asObject, bool, decimal, id, isObject, optDecimal, optInt, optStr, str, type JsonObject,
} from '../json';
import type Decimal from '../decimal';
import { ApiError } from '../errors';

export function parseBalances(value: unknown, field: string): Balance[] {
  return asArray(value, field).map((item) => parseBalance(asObject(item, field)));
}

export function parseBalance(record: JsonObject): Balance {
  return { currency: str(record, 'currency'), available: decimal(record, 'available'), reserved: decimal(record, 'reserved') };
}

function parseNetwork(record: JsonObject): Network {
  return {
    code: str(record, 'code'),
    network: optStr(record, 'network') ?? str(record, 'code'),
    name: optStr(record, 'network_name') ?? optStr(record, 'network') ?? str(record, 'code'),
    isDefault: bool(record, 'default'),
    payinEnabled: bool(record, 'payin_enabled'),
    payoutEnabled: bool(record, 'payout_enabled'),
    minWithdrawal: optDecimal(record, 'precision_payout'),
    payoutFee: optDecimal(record, 'payout_fee'),
    paymentIdRequired: bool(record, 'payout_is_payment_id'),
    addressRegex: optStr(record, 'address_regex'),
    paymentIdRegex: optStr(record, 'payment_id_regex'),
    explorerUrl: optStr(record, 'crypto_explorer'),
  };
}

export function parseCurrency(code: string, record: JsonObject): Currency {
  const networks = record.networks === undefined ? [] : asArray(record.networks, 'networks');
  return {
    code,
    fullName: optStr(record, 'full_name') ?? code,
    crypto: bool(record, 'crypto'),
    payinEnabled: bool(record, 'payin_enabled'),
    payoutEnabled: bool(record, 'payout_enabled'),
    transferEnabled: bool(record, 'transfer_enabled'),
    delisted: bool(record, 'delisted'),
    precisionTransfer: optDecimal(record, 'precision_transfer'),
    networks: networks.map((network) => parseNetwork(asObject(network, 'networks'))),
  };
}

export function parseCurrencies(value: unknown): Currency[] {
  return Object.entries(asObject(value, 'currencies')).map(([code, record]) => parseCurrency(code, asObject(record, code)));
}

export function parseAddress(value: unknown): CryptoAddress {
  const record = asObject(value, 'address');
  return {
    currency: optStr(record, 'currency'),
    address: str(record, 'address'),
    paymentId: optStr(record, 'payment_id'),
    publicKey: optStr(record, 'public_key'),
    networkCode: optStr(record, 'network_code'),
  };
}

export function parseWhitelist(value: unknown): WhitelistedAddress[] {
  const list = isObject(value) && 'addresses' in value ? value.addresses : value;
  return asArray(list, 'addresses').map((item) => {
    const record = asObject(item, 'addresses');
    return { name: str(record, 'name'), currency: str(record, 'currency'), network: str(record, 'network'), address: str(record, 'address') };
  });
}

export function parseTransaction(value: unknown): Transaction {
  const record = asObject(value, 'transaction');
  const native = isObject(record.native) ? record.native : {};
  return {
    id: id(record, 'id'),
    status: str(record, 'status'),
    type: str(record, 'type'),
    subtype: optStr(record, 'subtype') ?? 'UNCLASSIFIED',
    createdAt: str(record, 'created_at'),
    updatedAt: optStr(record, 'updated_at') ?? str(record, 'created_at'),
    currency: str(native, 'currency'),
    amount: decimal(native, 'amount'),
    fee: optDecimal(native, 'fee'),
    networkCode: optStr(native, 'network_code'),
    address: optStr(native, 'address'),
    paymentId: optStr(native, 'payment_id'),
    hash: optStr(native, 'hash'),
    txId: optStr(native, 'tx_id'),
    operationId: optStr(record, 'operation_id'),
    operationType: optStr(native, 'operation_type'),
    offchainId: optStr(native, 'offchain_id'),
    confirmations: optInt(native, 'confirmations'),
    publicComment: optStr(native, 'public_comment'),
    meta: isObject(record.meta) ? parseBuyCryptoMeta(record.meta) : undefined,
  };
}

/** A buy-crypto deposit's details (SUPPLEMENT §3); a meta without any of them is no meta. */
function parseBuyCryptoMeta(meta: JsonObject): BuyCryptoMeta | undefined {
  const parsed: BuyCryptoMeta = {
    providerName: optStr(meta, 'provider_name'),
    orderType: optStr(meta, 'order_type'),
    sourceCurrency: optStr(meta, 'source_currency'),
    targetCurrency: optStr(meta, 'target_currency'),
    walletAddress: optStr(meta, 'wallet_address'),
    txHash: optStr(meta, 'tx_hash'),
    sourceAmount: lenientDecimal(meta, 'source_amount'),
    targetAmount: lenientDecimal(meta, 'target_amount'),
    status: optStr(meta, 'status'),
    paymentMethodType: optStr(meta, 'payment_method_type'),
  };
  return Object.values(parsed).some((v) => v !== undefined) ? parsed : undefined;
}

/** Details that are not the record's own money: an unreadable figure is left out rather than failing the record. */
function lenientDecimal(record: JsonObject, name: string): Decimal | undefined {
  try {
    return optDecimal(record, name);
  } catch {
    return undefined;
  }
}

/** {"result": X} or X itself: services differ in wrapping. */
export function unwrapResult(value: unknown): unknown {
  return isObject(value) && 'result' in value ? value.result : value;
}

export function parseResultBoolean(value: unknown): boolean {
  const result = unwrapResult(value);
  return result === true || result === 'true';
}

/** A `{result: id}` or `{result: {id}}` reply (both forms occur for single-id operations). */
export function parseResultId(value: unknown): string {
  const result = unwrapResult(value);
  return typeof result === 'string' ? result : id(asObject(result, 'result'), 'id');
}

export function parseIdList(value: unknown, field: string): string[] {
  const list = unwrapResult(value);
  return asArray(list, field).map((item) => {
    if (typeof item === 'string') return item;
    return id(asObject(item, field), 'id');
  });
}

export function parseFeeEstimate(value: unknown, currency: string, amount?: string): FeeEstimate {
  const record = asObject(value, 'fee');
  return {
    currency: optStr(record, 'currency') ?? currency,
    amount: optDecimal(record, 'amount') ?? (amount === undefined ? undefined : decimal({ amount }, 'amount')),
    fee: decimal(record, 'fee'),
    networkFee: optDecimal(record, 'networkFee') ?? optDecimal(record, 'network_fee'),
  };
}

export function parsePriceRates(value: unknown): PriceRate[] {
  return Object.entries(asObject(value, 'rates')).map(([currency, item]) => {
    const record = asObject(item, currency);
    return { currency, quote: str(record, 'currency'), price: decimal(record, 'price'), timestamp: str(record, 'timestamp') };
  });
}

export function parsePriceHistory(value: unknown): PriceHistory[] {
  return Object.entries(asObject(value, 'history')).map(([currency, item]) => {
    const record = asObject(item, currency);
    return {
      currency,
      quote: str(record, 'currency'),
      points: asArray(record.history ?? [], 'history').map((point) => {
        const fields = asObject(point, 'history');
        return {
          timestamp: str(fields, 'timestamp'),
          open: decimal(fields, 'open'), close: decimal(fields, 'close'), min: decimal(fields, 'min'), max: decimal(fields, 'max'),
        };
      }),
    };
  });
}

/** The symbol list keyed by id; only spot symbols are kept (a record without a type is spot). */
export function parseSymbols(value: unknown): MarketSymbol[] {
  return Object.entries(asObject(value, 'symbols')).flatMap(([symbol, item]) => {
    const record = asObject(item, symbol);
    if ((optStr(record, 'type') ?? 'spot') !== 'spot') return [];
    return [{ id: symbol, base: str(record, 'base_currency'), quote: str(record, 'quote_currency'), feeCurrency: optStr(record, 'fee_currency') }];
  });
}

export function parseCandles(value: unknown): Candle[] {
  return asArray(value, 'candles').map((item) => {
    const record = asObject(item, 'candles');
    return {
      timestamp: str(record, 'timestamp'),
      open: decimal(record, 'open'), close: decimal(record, 'close'), high: decimal(record, 'max'), low: decimal(record, 'min'),
      volume: decimal(record, 'volume'), volumeQuote: decimal(record, 'volume_quote'),
    };
  });
}

/** A candle of the candles/{period} stream: {t: opening time in ms, o, c, h, l, v, q}. */
export function parseStreamCandle(value: unknown): Candle {
  const record = asObject(value, 'candle');
  const ms = optInt(record, 't');
  if (ms === undefined || ms < 0) throw new ApiError({ kind: 'response', message: 'Unexpected response: t is not a time', field: 't', description: 't is not a time' });
  return {
    timestamp: new Date(ms).toISOString(),
    open: decimal(record, 'o'), close: decimal(record, 'c'), high: decimal(record, 'h'), low: decimal(record, 'l'),
    volume: decimal(record, 'v'), volumeQuote: decimal(record, 'q'),
  };
}

export function parseSubAccounts(value: unknown): SubAccount[] {
  return asArray(unwrapResult(value), 'result').map((item) => {
    const record = asObject(item, 'sub_account');
    return { id: id(record, 'sub_account_id'), email: optStr(record, 'email') ?? '', status: str(record, 'status') };
  });
}

export function parseAcl(value: unknown): SubAccountAcl[] {
  return asArray(unwrapResult(value), 'result').map((item) => {
    const record = asObject(item, 'acl');
    return {
      subAccountId: id(record, 'sub_account_id'),
      depositAddressGenerationEnabled: bool(record, 'deposit_address_generation_enabled'),
      withdrawEnabled: bool(record, 'withdraw_enabled'),
      description: optStr(record, 'description'),
      createdAt: optStr(record, 'created_at'),
      updatedAt: optStr(record, 'updated_at'),
    };
  });
}

export function parseBuyCryptoRate(value: unknown): BuyCryptoRate {
  const record = asObject(value, 'rate');
  const prices = record.prices === undefined ? [] : asArray(record.prices, 'prices');
  return {
    spotPrice: optDecimal(record, 'spot_price'),
    prices: prices.map((item) => {
      const price = asObject(item, 'prices');
      return {
        paymentMethodId: id(price, 'payment_method_id'),
        type: optStr(price, 'type') ?? '',
        sourceCode: str(price, 'source_code'),
        targetCode: str(price, 'target_code'),
        sourceAmount: decimal(price, 'source_amount'),
        targetAmount: decimal(price, 'target_amount'),
      };
    }),
  };
}

export function parseBuyCryptoOrder(value: unknown): BuyCryptoOrder {
  const record = asObject(value, 'order');
  return {
    id: id(record, 'id'),
    providerId: optStr(record, 'provider_id') ?? '',
    sourceCode: str(record, 'source_code'),
    targetCode: str(record, 'target_code'),
    sourceAmount: optDecimal(record, 'source_amount'),
    targetAmount: optDecimal(record, 'target_amount'),
    targetNetworkCode: optStr(record, 'target_network_code'),
    paymentMethodId: optStr(record, 'payment_method_id'),
    walletAddress: optStr(record, 'wallet_address'),
    checkoutUrl: optStr(record, 'checkout_url'),
    status: str(record, 'status'),
    createdAt: optStr(record, 'created_at'),
    operationId: optStr(record, 'operation_id'),
  };
}

function codes(value: unknown, field: string): JsonObject[] {
  return value === undefined || value === null ? [] : asArray(value, field).map((item) => asObject(item, field));
}

/** The field under its version 3 (snake_case) name, else its version 2 (camelCase) one. */
function field(record: JsonObject, snake: string, camel: string): string {
  return record[snake] === undefined && record[camel] !== undefined ? camel : snake;
}

function parseBuyCryptoLimit(limit: JsonObject): BuyCryptoLimit {
  return {
    sourceCode: str(limit, field(limit, 'currency_code', 'currencyCode')),
    targetCode: str(limit, field(limit, 'target_code', 'targetCode')),
    networkCode: optStr(limit, field(limit, 'network_code', 'networkCode')),
    sourceMin: decimal(limit, field(limit, 'source_min', 'sourceMin')),
    sourceMax: decimal(limit, field(limit, 'source_max', 'sourceMax')),
  };
}

/** The provider list in the version 3 shape (snake_case), or the version 2 one (camelCase). */
export function parseBuyCryptoProvider(value: unknown): BuyCryptoProvider {
  const record = asObject(value, 'provider');
  return {
    id: id(record, field(record, 'provider_id', 'providerID')),
    name: optStr(record, field(record, 'provider_name', 'providerName')) ?? '',
    methods: codes(record.methods, 'methods').map((method) => ({
      id: id(method, 'id'),
      name: optStr(method, 'name') ?? '',
      type: optStr(method, 'type') ?? '',
      sources: codes(method[field(method, 'supported_source', 'supportedSource')], 'supported_source').map((source) => str(source, 'code')),
      targets: codes(method[field(method, 'supported_target', 'supportedTarget')], 'supported_target').map((target) => ({
        code: str(target, 'code'),
        networkCode: optStr(target, field(target, 'network_code', 'networkCode')),
      })),
      limits: codes(method[field(method, 'transaction_limits', 'transactionLimits')], 'transaction_limits').map(parseBuyCryptoLimit),
    })),
  };
}
