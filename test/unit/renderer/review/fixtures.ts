// Review reports as main writes them, for the verdict and review specs.
import type { ReviewReport } from '../../../../preload/contract/history';

export const FINGERPRINT = '3F2A 9C41 77D0 B5E8 0A1C 4E93 D2F6 8B70 11AA 22BB 33CC 44DD 55EE 66FF 7788 99AB';
/** 32 bytes of base64, as trustExportKey takes a key. */
export const PUBLIC_KEY = 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=';

export function report(overrides: Partial<ReviewReport> = {}): ReviewReport {
  return {
    reviewId: 'r1',
    fileName: 'coffer-history.zip',
    verified: true,
    problems: [],
    manifest: {
      formatVersion: 1,
      appVersion: '0.1.0',
      profileName: 'Sandbox',
      account: 'http://127.0.0.1:4000 (API v3)',
      filters: { currencies: ['BTC'] },
      format: 'koinly',
      from: '2026-03-01T00:00:00.000Z',
      till: '2026-03-31T12:00:00.000Z',
      rowCount: 2_500,
      files: [{ name: 'koinly.csv', sha256: 'ab', rows: 2_500, bytes: 400_000 }],
      createdAt: '2026-04-01T09:00:00.000Z',
      timeZone: 'UTC',
      signerFingerprint: FINGERPRINT,
    },
    signer: { fingerprint: FINGERPRINT, publicKey: PUBLIC_KEY, trusted: true, label: 'Treasury desk' },
    loaded: true,
    loading: false,
    rows: 2_500,
    teamApprovals: null,
    ...overrides,
  };
}

export const unknownSigner = (): ReviewReport =>
  report({
    verified: false,
    problems: [{ kind: 'unknownKey', message: 'Signed by a key this computer does not trust' }],
    signer: { fingerprint: FINGERPRINT, publicKey: PUBLIC_KEY, trusted: false, label: null },
  });
