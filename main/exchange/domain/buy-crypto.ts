// Buying crypto through third-party providers: their payment methods, quotes and orders.
import type Decimal from '../decimal';

export interface BuyCryptoPaymentMethod {
  id: string;
  name: string;
  type: string;
  sources: string[];
  targets: Array<{ code: string; networkCode: string | undefined }>;
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
