// The buy-crypto providers the sandbox offers: payment methods, supported currencies and limits.
export interface PaymentMethodDef {
  id: number;
  name: string;
  type: string;
  /** Provider fee as a fraction of the source amount. */
  feeRate: string;
  sourceMin: string;
  sourceMax: string;
}

export interface ProviderDef {
  id: number;
  name: string;
  methods: readonly PaymentMethodDef[];
  sources: readonly string[];
  /** Target currency and network. */
  targets: readonly { code: string; network: string }[];
}

const TARGETS = [
  { code: 'BTC', network: 'BTC' }, { code: 'ETH', network: 'ETH' }, { code: 'USDT', network: 'ETH' },
  { code: 'USDT', network: 'TRX' }, { code: 'SOL', network: 'SOL' }, { code: 'LTC', network: 'LTC' },
] as const;

export const PROVIDERS: readonly ProviderDef[] = [
  {
    id: 1, name: 'Sandbox Pay', sources: ['EUR'], targets: TARGETS,
    methods: [
      { id: 101, name: 'Card', type: 'card', feeRate: '0.035', sourceMin: '20', sourceMax: '5000' },
      { id: 102, name: 'SEPA transfer', type: 'bank_transfer', feeRate: '0.01', sourceMin: '50', sourceMax: '50000' },
    ],
  },
  {
    id: 2, name: 'Loopback Ramp', sources: ['EUR'], targets: TARGETS.filter((t) => t.code !== 'LTC'),
    methods: [{ id: 201, name: 'Apple Pay', type: 'apple_pay', feeRate: '0.025', sourceMin: '10', sourceMax: '2000' }],
  },
];

export function findProvider(id: number): ProviderDef | undefined {
  return PROVIDERS.find((p) => p.id === id);
}

export function providerRecord(provider: ProviderDef): Record<string, unknown> {
  return {
    provider_id: provider.id,
    provider_name: provider.name,
    methods: provider.methods.map((m) => ({
      id: m.id, name: m.name, description: `${m.name} through ${provider.name} (sandbox)`, logo_url: '', status: 'ACTIVE', type: m.type,
      supported_source: provider.sources.map((code) => ({ code, display_name: code })),
      supported_target: provider.targets.map((t) => ({ code: t.code, display_name: t.code, network_code: t.network })),
      transaction_limits: provider.sources.flatMap((source) => provider.targets.map((t) => ({
        currency_code: source, target_code: t.code, source_min: m.sourceMin, source_max: m.sourceMax, network_code: t.network,
      }))),
    })),
  };
}
