// Reference data of the sandbox service: currencies with their networks, and symbols.
// Shared by every part of the sandbox (wallet, market simulator, streams). Amounts are strings
// (decimal), as on the wire. `decimals` is the number of decimal places an amount may carry.

export interface NetworkDef {
  code: string;
  networkName: string;
  /** Code of the hosting network's currency. */
  network: string;
  protocol: string;
  default: boolean;
  payinEnabled: boolean;
  payoutEnabled: boolean;
  /** Minimum withdrawal amount. */
  precisionPayout: string;
  payoutFee: string;
  payoutIsPaymentId: boolean;
  payinPaymentId: boolean;
  payinConfirmations: number;
  addressRegex: string;
  paymentIdRegex?: string;
  cryptoPaymentIdName?: string;
  cryptoExplorer: string;
  contractAddress?: string;
  lowProcessingTime: number;
  highProcessingTime: number;
  avgProcessingTime: number;
}

export interface CurrencyDef {
  code: string;
  fullName: string;
  crypto: boolean;
  decimals: number;
  sign: string;
  payinEnabled: boolean;
  payoutEnabled: boolean;
  transferEnabled: boolean;
  /** Minimum transfer amount. */
  precisionTransfer: string;
  accountTopOrder: number;
  qrPrefix: string;
  delisted: boolean;
  /** Name of the extra account identifier (destination tag, memo), where the currency has one. */
  cryptoPaymentIdName?: string;
  /** Reference price in USDT at the simulator's start. */
  referencePriceUsdt: string;
  networks: NetworkDef[];
}

export interface SymbolDef {
  id: string;
  baseCurrency: string;
  quoteCurrency: string;
  quantityIncrement: string;
  tickSize: string;
  takeRate: string;
  makeRate: string;
  feeCurrency: string;
  status: 'working' | 'suspended';
  marginTrading: boolean;
  maxInitialLeverage?: string;
}

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';

function net(code: string, hosting: string, overrides: Partial<NetworkDef> & Pick<NetworkDef, 'addressRegex' | 'payoutFee' | 'precisionPayout'>): NetworkDef {
  return {
    code,
    networkName: hosting,
    network: hosting,
    protocol: code === hosting ? code : 'TOKEN',
    default: true,
    payinEnabled: true,
    payoutEnabled: true,
    payoutIsPaymentId: false,
    payinPaymentId: false,
    payinConfirmations: 2,
    cryptoExplorer: `https://explorer.sandbox.invalid/${hosting.toLowerCase()}/tx/{tx}`,
    lowProcessingTime: 60,
    highProcessingTime: 3600,
    avgProcessingTime: 600,
    ...overrides,
  };
}

function currency(def: Omit<CurrencyDef, 'sign' | 'payinEnabled' | 'payoutEnabled' | 'transferEnabled' | 'delisted' | 'qrPrefix'> & Partial<CurrencyDef>): CurrencyDef {
  return {
    sign: def.code,
    payinEnabled: true,
    payoutEnabled: true,
    transferEnabled: true,
    delisted: false,
    qrPrefix: def.crypto ? `${def.fullName.toLowerCase().replace(/\s+/g, '')}:` : '',
    ...def,
  };
}

const ETH_ADDRESS = '^0x[a-fA-F0-9]{40}$';
const TRX_ADDRESS = `^T${BASE58}{33}$`;

export const CURRENCIES: readonly CurrencyDef[] = [
  currency({
    code: 'BTC', fullName: 'Bitcoin', crypto: true, decimals: 8, precisionTransfer: '0.00000001', accountTopOrder: 1,
    referencePriceUsdt: '60000',
    networks: [net('BTC', 'BTC', { addressRegex: `^(bc1[02-9ac-hj-np-z]{11,71}|[13]${BASE58}{25,34})$`, payoutFee: '0.0005', precisionPayout: '0.0001', payinConfirmations: 2 })],
  }),
  currency({
    code: 'ETH', fullName: 'Ethereum', crypto: true, decimals: 9, precisionTransfer: '0.000000001', accountTopOrder: 2,
    referencePriceUsdt: '3000',
    networks: [net('ETH', 'ETH', { addressRegex: ETH_ADDRESS, payoutFee: '0.003', precisionPayout: '0.001', payinConfirmations: 12 })],
  }),
  currency({
    code: 'USDT', fullName: 'Tether', crypto: true, decimals: 6, precisionTransfer: '0.000001', accountTopOrder: 3,
    referencePriceUsdt: '1',
    networks: [
      net('USDT', 'ETH', { networkName: 'Ethereum (ERC20)', protocol: 'ERC20', addressRegex: ETH_ADDRESS, payoutFee: '5', precisionPayout: '10', payinConfirmations: 12, contractAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7' }),
      net('USDT', 'TRX', { networkName: 'Tron (TRC20)', protocol: 'TRC20', default: false, addressRegex: TRX_ADDRESS, payoutFee: '1', precisionPayout: '5', payinConfirmations: 20, contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }),
    ],
  }),
  currency({
    code: 'USDC', fullName: 'USD Coin', crypto: true, decimals: 6, precisionTransfer: '0.000001', accountTopOrder: 4,
    referencePriceUsdt: '1',
    networks: [net('USDC', 'ETH', { networkName: 'Ethereum (ERC20)', protocol: 'ERC20', addressRegex: ETH_ADDRESS, payoutFee: '5', precisionPayout: '10', payinConfirmations: 12, contractAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' })],
  }),
  currency({
    code: 'XRP', fullName: 'Ripple', crypto: true, decimals: 6, precisionTransfer: '0.000001', accountTopOrder: 5,
    referencePriceUsdt: '0.5', cryptoPaymentIdName: 'Destination tag',
    networks: [net('XRP', 'XRP', {
      addressRegex: `^r${BASE58}{24,34}$`, payoutFee: '0.25', precisionPayout: '1', payinConfirmations: 1,
      payoutIsPaymentId: true, payinPaymentId: true, paymentIdRegex: '^[0-9]{1,10}$', cryptoPaymentIdName: 'Destination tag',
    })],
  }),
  currency({
    code: 'TRX', fullName: 'Tron', crypto: true, decimals: 6, precisionTransfer: '0.000001', accountTopOrder: 6,
    referencePriceUsdt: '0.12',
    networks: [net('TRX', 'TRX', { addressRegex: TRX_ADDRESS, payoutFee: '1', precisionPayout: '10', payinConfirmations: 20 })],
  }),
  currency({
    code: 'LTC', fullName: 'Litecoin', crypto: true, decimals: 8, precisionTransfer: '0.00000001', accountTopOrder: 7,
    referencePriceUsdt: '80',
    networks: [net('LTC', 'LTC', { addressRegex: `^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3]${BASE58}{26,33})$`, payoutFee: '0.001', precisionPayout: '0.01', payinConfirmations: 6 })],
  }),
  currency({
    code: 'DOGE', fullName: 'Dogecoin', crypto: true, decimals: 8, precisionTransfer: '0.00000001', accountTopOrder: 8,
    referencePriceUsdt: '0.15',
    networks: [net('DOGE', 'DOGE', { addressRegex: `^D[5-9A-HJ-NP-U]${BASE58}{32}$`, payoutFee: '5', precisionPayout: '20', payinConfirmations: 40 })],
  }),
  currency({
    code: 'SOL', fullName: 'Solana', crypto: true, decimals: 9, precisionTransfer: '0.000000001', accountTopOrder: 9,
    referencePriceUsdt: '150',
    networks: [net('SOL', 'SOL', { addressRegex: `^${BASE58}{32,44}$`, payoutFee: '0.01', precisionPayout: '0.1', payinConfirmations: 1 })],
  }),
  currency({
    code: 'EUR', fullName: 'Euro', crypto: false, decimals: 2, precisionTransfer: '0.01', accountTopOrder: 10,
    referencePriceUsdt: '1.08', sign: '€', payoutEnabled: false,
    networks: [],
  }),
];

function symbol(base: string, quote: string, quantityIncrement: string, tickSize: string): SymbolDef {
  return {
    id: `${base}${quote}`, baseCurrency: base, quoteCurrency: quote, quantityIncrement, tickSize,
    takeRate: '0.0025', makeRate: '0.001', feeCurrency: quote, status: 'working', marginTrading: false,
  };
}

// A trade moves quantity × price of the quote currency exactly, so every symbol's
// quantity_increment × tick_size has no more decimals than its quote currency (checked by a test).
// BTCEUR is listed but suspended (orders refused); USDCUSDT pays makers a rebate (negative make_rate).
export const SYMBOLS: readonly SymbolDef[] = [
  { ...symbol('BTC', 'USDT', '0.00001', '0.1'), marginTrading: true, maxInitialLeverage: '10.00' },
  { ...symbol('ETH', 'USDT', '0.0001', '0.01'), marginTrading: true, maxInitialLeverage: '10.00' },
  symbol('ETH', 'BTC', '0.001', '0.00001'),
  symbol('XRP', 'USDT', '1', '0.00001'),
  symbol('TRX', 'USDT', '1', '0.000001'),
  symbol('LTC', 'USDT', '0.001', '0.01'),
  symbol('DOGE', 'USDT', '1', '0.000001'),
  symbol('SOL', 'USDT', '0.001', '0.001'),
  { ...symbol('BTC', 'EUR', '0.00001', '0.01'), status: 'suspended' },
  { ...symbol('USDC', 'USDT', '0.01', '0.0001'), takeRate: '0.0005', makeRate: '-0.0001' },
];

export function findCurrency(code: string): CurrencyDef | undefined {
  return CURRENCIES.find((c) => c.code === code.toUpperCase());
}

export function findSymbol(id: string): SymbolDef | undefined {
  return SYMBOLS.find((s) => s.id === id.toUpperCase());
}

export function defaultNetwork(currencyDef: CurrencyDef): NetworkDef | undefined {
  return currencyDef.networks.find((n) => n.default) ?? currencyDef.networks[0];
}
