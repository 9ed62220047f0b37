// JSON shapes of the public REST resources (api-v3.md, snake_case; amounts as strings).
import type Decimal from '../decimal';
import { defaultNetwork, type CurrencyDef, type NetworkDef, type SymbolDef } from '../catalog';
import { formatUnits, type Aggregate, type BookSide, type MarketSymbol, type RatePoint, type Trade } from '../market';

export const iso = (ms: number): string => new Date(ms).toISOString();

/** Cross rates can have long expansions; fifteen significant digits is beyond any tick here. */
export const rateText = (value: Decimal): string => value.toSignificantDigits(15).toFixed();

export function networkJson(n: NetworkDef): Record<string, unknown> {
  return {
    code: n.code,
    network_name: n.networkName,
    network: n.network,
    protocol: n.protocol,
    default: n.default,
    is_ens_available: false,
    payin_enabled: n.payinEnabled,
    payout_enabled: n.payoutEnabled,
    precision_payout: n.precisionPayout,
    payout_fee: n.payoutFee,
    payout_is_payment_id: n.payoutIsPaymentId,
    payin_payment_id: n.payinPaymentId,
    payin_confirmations: n.payinConfirmations,
    address_regex: n.addressRegex,
    ...(n.paymentIdRegex === undefined ? {} : { payment_id_regex: n.paymentIdRegex }),
    low_processing_time: String(n.lowProcessingTime),
    high_processing_time: String(n.highProcessingTime),
    avg_processing_time: String(n.avgProcessingTime),
    ...(n.cryptoPaymentIdName === undefined ? {} : { crypto_payment_id_name: n.cryptoPaymentIdName }),
    crypto_explorer: n.cryptoExplorer,
    ...(n.contractAddress === undefined ? {} : { contract_address: n.contractAddress }),
    is_multichain: false,
  };
}

export function currencyJson(c: CurrencyDef, networks: readonly NetworkDef[] = c.networks): Record<string, unknown> {
  const main = defaultNetwork(c);
  return {
    full_name: c.fullName,
    crypto: c.crypto,
    payin_enabled: c.payinEnabled,
    payout_enabled: c.payoutEnabled,
    transfer_enabled: c.transferEnabled,
    sign: c.sign,
    crypto_payment_id_name: c.cryptoPaymentIdName ?? '',
    crypto_explorer: main?.cryptoExplorer ?? '',
    precision_transfer: c.precisionTransfer,
    account_top_order: c.accountTopOrder,
    qr_prefix: c.qrPrefix,
    delisted: c.delisted,
    networks: networks.map(networkJson),
  };
}

export function symbolJson(s: SymbolDef): Record<string, unknown> {
  return {
    type: 'spot',
    base_currency: s.baseCurrency,
    quote_currency: s.quoteCurrency,
    status: s.status,
    quantity_increment: s.quantityIncrement,
    tick_size: s.tickSize,
    take_rate: s.takeRate,
    make_rate: s.makeRate,
    fee_currency: s.feeCurrency,
    margin_trading: s.marginTrading,
    ...(s.marginTrading && s.maxInitialLeverage !== undefined ? { max_initial_leverage: s.maxInitialLeverage } : {}),
  };
}

export function tradeJson(s: MarketSymbol, t: Trade): Record<string, unknown> {
  const m = s.tape.model;
  return { id: t.id, price: formatUnits(t.price, m.price), qty: formatUnits(t.qty, m.quantity), side: t.side, timestamp: iso(t.time) };
}

export function candleJson(s: MarketSymbol, c: Aggregate): Record<string, string> {
  const m = s.tape.model;
  return {
    timestamp: iso(c.time),
    open: formatUnits(c.open, m.price),
    close: formatUnits(c.close, m.price),
    min: formatUnits(c.low, m.price),
    max: formatUnits(c.high, m.price),
    volume: formatUnits(c.volume, m.quantity),
    volume_quote: formatUnits(c.quote, m.quoteVolume),
  };
}

export function levelsJson(s: MarketSymbol, side: BookSide): Array<[string, string]> {
  const m = s.tape.model;
  return side.price.map((p, i) => [formatUnits(p, m.price), formatUnits(side.qty[i] as number, m.quantity)]);
}

export function ratePointJson(p: RatePoint): Record<string, string> {
  return { timestamp: iso(p.time), open: rateText(p.open), close: rateText(p.close), min: rateText(p.min), max: rateText(p.max) };
}
