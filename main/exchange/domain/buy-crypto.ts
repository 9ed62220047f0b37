// Buying crypto through third-party providers: their payment methods, quotes and orders.
import type Decimal from '../decimal';

/** What a method takes for one fiat → crypto (on one network, when the provider says). */
export interface BuyCryptoLimit {
  sourceCode: string;
  targetCode: string;
  networkCode: string | undefined;
  sourceMin: Decimal;
  sourceMax: Decimal;
}

export interface BuyCryptoPaymentMethod {
  id: string;
  name: string;
  type: string;
  sources: string[];
  targets: Array<{ code: string; networkCode: string | undefined }>;
  limits: BuyCryptoLimit[];
}

export interface BuyCryptoProvider {
  id: string;
  name: string;
  methods: BuyCryptoPaymentMethod[];
}

export interface BuyCryptoRateQuery {
  providerId: string;
  source: string;
  target: string;
  sourceAmount?: Decimal;
  targetAmount?: Decimal;
  paymentMethodId?: string;
}

export interface BuyCryptoQuote {
  paymentMethodId: string;
  type: string;
  sourceCode: string;
  targetCode: string;
  sourceAmount: Decimal;
  targetAmount: Decimal;
}

export interface BuyCryptoRate {
  spotPrice: Decimal | undefined;
  prices: BuyCryptoQuote[];
}

export interface BuyCryptoOrder {
  id: string;
  providerId: string;
  sourceCode: string;
  targetCode: string;
  sourceAmount: Decimal | undefined;
  /** What the order says will arrive, when it says. */
  targetAmount?: Decimal;
  targetNetworkCode?: string;
  paymentMethodId?: string;
  walletAddress: string | undefined;
  checkoutUrl: string | undefined;
  status: string;
  createdAt: string | undefined;
  operationId: string | undefined;
}

export interface BuyCryptoOrderRequest {
  providerId: string;
  source: string;
  target: string;
  sourceAmount: Decimal;
  paymentMethodId: string;
  targetNetworkCode?: string;
}
