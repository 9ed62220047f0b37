// manifest.json: what an export says about itself, signed. It names the app and profile it came
// from (the account as the service's address and API version, never a key), the filters, the
// exported rows' time range and count, and each data file's SHA-256, row count and size; for the
// accountant formats, how many rows were left out and why; for a balances export, its day, valuation
// currency, scope and total; for a history export, how its rows were valued (the valuation
// currency, the price source and rule, each currency's candles and when they were read, the rows
// left unpriced); and the time zone every time in its files is written in (UTC).
// manifest.sig is the base64 Ed25519 signature of manifest.json's exact
// bytes, so a manifest is written once and never re-serialised.
import { z } from 'zod';
import { BALANCES_EXPORT_FORMAT, EXPORT_FORMATS, historyFilter, type BalancesManifest, type ExportManifestView, type ExportValuation } from '../../../preload/contract/history';
import { PORTFOLIO_SCOPES } from '../../../preload/contract/portfolio';
import { EXCLUDED_REASONS, type ExcludedCounts } from './formats/tax-mapping';

export const MANIFEST_NAME = 'manifest.json';
export const SIGNATURE_NAME = 'manifest.sig';
export const MANIFEST_KIND = 'coffer-export';
export const MANIFEST_FORMAT_VERSION = 1;
/** A manifest is a few kilobytes; anything near this is not ours. */
export const MANIFEST_MAX_BYTES = 1024 * 1024;
/** Every time an export writes (ISO with Z, Koinly's "… UTC", CoinTracking's and balances' times) is UTC. */
export const EXPORT_TIME_ZONE = 'UTC';

export type ManifestFile = ExportManifestView['files'][number];

/** What is signed: the view review shows, with the signer's whole key rather than its fingerprint. */
export interface Manifest extends Omit<ExportManifestView, 'formatVersion' | 'signerFingerprint' | 'timeZone'> {
  /** Rows left out of the accountant's file, per reason (koinly and cointracking only). */
  excluded?: ExcludedCounts;
  createdAt: string;
  /** As read from a file (null: made before manifests stated it); always written as EXPORT_TIME_ZONE. */
  timeZone?: string | null;
  signer: { publicKey: string; fingerprint: string };
}

export interface SignedManifest {
  manifest: Buffer;
  /** Base64 of the Ed25519 signature over `manifest`. */
  signature: string;
}

/** The manifest's bytes and their signature. */
export function signManifest(manifest: Manifest, signer: { sign(bytes: Uint8Array): Buffer }): SignedManifest {
  const bytes = manifestBytes(manifest);
  return { manifest: bytes, signature: signer.sign(bytes).toString('base64') };
}

/** The manifest's bytes as signed: fixed key order, two-space indent, a final line break. */
export function manifestBytes(manifest: Manifest): Buffer {
  const ordered = {
    format: MANIFEST_KIND,
    formatVersion: MANIFEST_FORMAT_VERSION,
    appVersion: manifest.appVersion,
    profileName: manifest.profileName,
    account: manifest.account,
    filters: manifest.filters,
    exportFormat: manifest.format,
    from: manifest.from,
    till: manifest.till,
    rowCount: manifest.rowCount,
    files: manifest.files.map(({ name, sha256, rows, bytes }) => ({ name, sha256, rows, bytes })),
    ...(manifest.excluded === undefined ? {} : { excluded: manifest.excluded }),
    ...(manifest.balances === undefined ? {} : { balances: orderedBalances(manifest.balances) }),
    ...(manifest.valuation === undefined ? {} : { valuation: orderedValuation(manifest.valuation) }),
    createdAt: manifest.createdAt,
    timeZone: EXPORT_TIME_ZONE,
    signer: { publicKey: manifest.signer.publicKey, fingerprint: manifest.signer.fingerprint },
  };
  return Buffer.from(JSON.stringify(ordered, null, 2) + '\n', 'utf8');
}

function orderedBalances(balances: BalancesManifest): BalancesManifest {
  const { day, closeAt, valuationCurrency, scope, totalValue } = balances;
  return { day, closeAt, valuationCurrency, scope, totalValue };
}

function orderedValuation(valuation: ExportValuation): ExportValuation {
  const { currency, source, rule, readAt, series, unpricedRows } = valuation;
  return {
    currency, source, rule, readAt,
    series: series.map(({ currency: of, pair, period, first, last, candles }) => ({ currency: of, pair, period, first, last, candles })),
    unpricedRows,
  };
}

const count = z.number().int().min(0);
const balancesSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  closeAt: z.string(),
  valuationCurrency: z.string().min(1),
  scope: z.enum(PORTFOLIO_SCOPES),
  totalValue: z.string().regex(/^-?\d+(\.\d+)?$/),
});
const valuationSchema = z.object({
  currency: z.string().min(1),
  source: z.string(),
  rule: z.string(),
  readAt: z.string(),
  series: z.array(z.object({ currency: z.string(), pair: z.string(), period: z.string(), first: z.string(), last: z.string(), candles: count })).max(100_000),
  unpricedRows: count,
});
const excludedSchema = z.object(Object.fromEntries(EXCLUDED_REASONS.map((reason) => [reason, count])) as Record<(typeof EXCLUDED_REASONS)[number], typeof count>);

const manifestSchema = z.object({
  format: z.literal(MANIFEST_KIND),
  formatVersion: z.literal(MANIFEST_FORMAT_VERSION),
  appVersion: z.string(),
  profileName: z.string(),
  account: z.string(),
  filters: historyFilter,
  exportFormat: z.enum([...EXPORT_FORMATS, BALANCES_EXPORT_FORMAT]),
  from: z.string().nullable(),
  till: z.string().nullable(),
  rowCount: count,
  files: z.array(z.object({ name: z.string().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/), rows: count, bytes: count })).min(1).max(16),
  excluded: excludedSchema.optional(),
  balances: balancesSchema.optional(),
  valuation: valuationSchema.optional(),
  createdAt: z.string(),
  // Absent from exports made before the manifest stated it; their times were UTC all the same.
  timeZone: z.literal(EXPORT_TIME_ZONE).optional(),
  signer: z.object({ publicKey: z.string(), fingerprint: z.string() }),
}).refine((m) => (m.exportFormat === BALANCES_EXPORT_FORMAT) === (m.balances !== undefined), {
  message: 'a balances export, and only one, names its day', path: ['balances'],
});

export type ParsedManifest =
  | { ok: true; manifest: Manifest }
  | { ok: false; kind: 'notExport' | 'unsupported'; message: string };

/** Reads manifest.json's bytes; says plainly when they are not a Coffer manifest or a newer one. */
export function parseManifest(bytes: Buffer): ParsedManifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { ok: false, kind: 'notExport', message: 'manifest.json is not valid JSON: this is not a Coffer export' };
  }
  const head = json as { format?: unknown; formatVersion?: unknown } | null;
  if (head === null || typeof head !== 'object' || head.format !== MANIFEST_KIND) {
    return { ok: false, kind: 'notExport', message: 'manifest.json does not describe a Coffer export' };
  }
  if (typeof head.formatVersion === 'number' && head.formatVersion > MANIFEST_FORMAT_VERSION) {
    return {
      ok: false,
      kind: 'unsupported',
      message: `This export is format version ${head.formatVersion}; this Coffer reads version ${MANIFEST_FORMAT_VERSION}. Open it with a newer Coffer.`,
    };
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, kind: 'notExport', message: `manifest.json is not a valid Coffer manifest (${issue?.path.join('.') || 'manifest'}: ${issue?.message ?? 'invalid'})` };
  }
  const { exportFormat, formatVersion: _version, format: _kind, timeZone, ...rest } = parsed.data;
  return { ok: true, manifest: { ...rest, format: exportFormat, timeZone: timeZone ?? null } };
}

/** What the renderer shows of a manifest. */
export function manifestView(manifest: Manifest, signerFingerprint: string): ExportManifestView {
  return {
    formatVersion: MANIFEST_FORMAT_VERSION,
    appVersion: manifest.appVersion,
    profileName: manifest.profileName,
    account: manifest.account,
    filters: manifest.filters,
    format: manifest.format,
    ...(manifest.balances === undefined ? {} : { balances: manifest.balances }),
    ...(manifest.valuation === undefined ? {} : { valuation: manifest.valuation }),
    from: manifest.from,
    till: manifest.till,
    rowCount: manifest.rowCount,
    files: manifest.files,
    createdAt: manifest.createdAt,
    timeZone: manifest.timeZone ?? null,
    signerFingerprint,
  };
}
