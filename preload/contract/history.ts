// The account's transaction history as Coffer keeps it: synced into a local store per profile,
// queried page by page (the table may hold a million rows), exported as one signed file, and
// opened again for review with no profile, no keychain and no network. Amounts are decimal text.
import { z } from 'zod';
import { currency, isoTime } from './fields';
import { changes, noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';
import type { DateBalances, PortfolioScope } from './portfolio-day';
import type { ExportFolderChoices, SigningKeyInfo, TrustedKey } from './export-keys';
import type { HistorySyncStatus } from './history-sync';
import { visibleText } from './profile-schemas';
import type { TeamApprovalsReport } from './team-approvals';

export * from './export-keys';
export * from './history-sync';

/** in: the wallet received it; out: the wallet paid it (fees are always out). */
export const HISTORY_DIRECTIONS = ['in', 'out'] as const;
export type HistoryDirection = (typeof HISTORY_DIRECTIONS)[number];

/** One wallet transaction as stored: every field the service sent that a reviewer can use. */
export interface HistoryEntry {
  id: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  updatedAt: string;
  type: string;
  subtype: string;
  status: string;
  direction: HistoryDirection;
  currency: string;
  amount: string;
  fee: string | null;
  network: string | null;
  address: string | null;
  paymentId: string | null;
  hash: string | null;
  txId: string | null;
  operationId: string | null;
  /** native.offchain_id: an internal move's id, the same on both accounts (a sub-account transfer's two sides). */
  offchainId: string | null;
  /** native.operation_type: which leg of a two-legged operation (a swap's 'withdraw' or 'deposit'). */
  operationType: string | null;
  confirmations: number | null;
  /** The public comment. */
  comment: string | null;
  /** A buy-crypto deposit's details, as the service sent them. */
  buyCrypto: HistoryBuyCrypto | null;
  /** The block explorer's page for `hash`, from the service's currency list; null in review and exports. */
  explorerUrl: string | null;
}

export interface HistoryBuyCrypto {
  provider: string | null;
  sourceCurrency: string | null;
  sourceAmount: string | null;
  targetCurrency: string | null;
  targetAmount: string | null;
  paymentMethod: string | null;
}

/** What the table shows; every field optional, lists match any of their values. */
export interface HistoryFilter {
  /** Inclusive bounds on createdAt. */
  from?: string;
  till?: string;
  currencies?: string[];
  types?: string[];
  subtypes?: string[];
  statuses?: string[];
  networks?: string[];
  direction?: HistoryDirection;
  /** Case-insensitive, over address, transaction id, hash, comment (and the record id). */
  text?: string;
}

/** The filtered set's sums in one currency; fees are counted apart from `out`. */
export interface CurrencyTotals {
  currency: string;
  count: number;
  in: string;
  out: string;
  fees: string;
  /** in − out − fees. */
  net: string;
}

/** The values each filter can take in the whole store (for the filter menus). */
export interface HistoryFacets {
  currencies: string[];
  types: string[];
  subtypes: string[];
  statuses: string[];
  networks: string[];
}

export interface HistorySummary {
  /** Rows matching the filter. */
  total: number;
  totals: CurrencyTotals[];
  /** The matching rows' time range; null when nothing matches. */
  oldestAt: string | null;
  newestAt: string | null;
  facets: HistoryFacets;
}

/** A window of the filtered rows, newest first (ties: higher id first). */
export interface HistoryRowsRequest {
  filter: HistoryFilter;
  offset: number;
  /** 1-500. */
  limit: number;
}

export interface HistoryRows {
  rows: HistoryEntry[];
  total: number;
}

/** Money in and out per currency per bucket of time, for the flows chart. */
export interface HistoryFlows {
  bucket: 'day' | 'week' | 'month';
  series: Array<{ currency: string; points: Array<{ at: string; in: string; out: string }> }>;
}

export const EXPORT_FORMATS = ['csv', 'json', 'koinly', 'cointracking'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A signed archive holds a history export in one of EXPORT_FORMATS, or the balances at one day's close. */
export const BALANCES_EXPORT_FORMAT = 'balances';
export type ArchiveFormat = ExportFormat | typeof BALANCES_EXPORT_FORMAT;

/** What a balances export's signed manifest says of its day (amounts and values are decimal text). */
export interface BalancesManifest {
  day: string;
  /** The day's last moment, ISO 8601 UTC. */
  closeAt: string;
  valuationCurrency: string;
  scope: PortfolioScope;
  totalValue: string;
}

/**
 * How a history export's rows were valued, as its signed manifest says: the valuation currency,
 * the service call the prices came from, the rule choosing a row's price, when the price data was
 * read, each currency's candles used (pair, period, first and last candle's opening time) and how
 * many rows had no price. Absent on exports made before rows carried values.
 */
export interface ExportValuation {
  currency: string;
  source: string;
  rule: string;
  readAt: string;
  series: Array<{ currency: string; pair: string; period: string; first: string; last: string; candles: number }>;
  unpricedRows: number;
}

export interface ExportRequest {
  filter: HistoryFilter;
  format: ExportFormat;
  /** The currency every row is valued in at its time; absent: USDT. */
  valuationCurrency?: string;
  /** Absent: Coffer's export folder; else that folder or one chosen with chooseExportFolder (nothing else is taken). */
  folder?: string;
}

export interface ExportResult {
  exportId: string;
  /** The one .zip file written: data files, manifest and signature. */
  path: string;
  fileName: string;
  format: ArchiveFormat;
  rows: number;
  bytes: number;
  /** The signing key's fingerprint, as Settings shows it. */
  fingerprint: string;
}

/** What an export's manifest says about itself (as signed). */
export interface ExportManifestView {
  formatVersion: number;
  appVersion: string;
  profileName: string;
  /** The account the export was made from: the service's address and API version, never a key. */
  account: string;
  /** Empty for a balances export. */
  filters: HistoryFilter;
  format: ArchiveFormat;
  /** A balances export's day, valuation and total (absent on history exports). */
  balances?: BalancesManifest;
  /** How a history export's rows were valued (absent on balances exports and older history exports). */
  valuation?: ExportValuation;
  /** The exported rows' time range (null bounds: empty export); a balances export's is its close time. */
  from: string | null;
  till: string | null;
  rowCount: number;
  files: Array<{ name: string; sha256: string; rows: number; bytes: number }>;
  createdAt: string;
  /** The zone the files' times are written in, as the signed manifest states ("UTC"); null when it does not say. */
  timeZone: string | null;
  signerFingerprint: string;
}

/**
 * notExport: not a Coffer export (or unreadable); badSignature: the manifest was changed after
 * signing; unknownKey: intact, but signed by a key this installation does not trust; fileChanged:
 * a data file differs from its hash (rowsRemoved / rowsAdded / rowsChanged say how); fileMissing /
 * fileAdded: the archive's files differ from the manifest's list; unsupported: a newer format.
 */
export const REVIEW_PROBLEM_KINDS = [
  'notExport', 'badSignature', 'unknownKey', 'fileChanged', 'rowsRemoved', 'rowsAdded', 'rowsChanged',
  'fileMissing', 'fileAdded', 'unsupported',
] as const;
export type ReviewProblemKind = (typeof REVIEW_PROBLEM_KINDS)[number];

export interface ReviewProblem {
  kind: ReviewProblemKind;
  /** In plain words, naming the file and the figures ("transactions.csv has 999 rows; the manifest says 1000"). */
  message: string;
  file?: string;
}

export interface ReviewReport {
  reviewId: string;
  fileName: string;
  /** True only when the signature, every hash and every row count check out and the signer is trusted. */
  verified: boolean;
  problems: ReviewProblem[];
  /** Null when the manifest could not be read or its signature failed. */
  manifest: ExportManifestView | null;
  /** The key the manifest names (base64, as trustExportKey takes it); null when unreadable. */
  signer: { fingerprint: string; publicKey: string; trusted: boolean; label: string | null } | null;
  /** True when the rows were loaded for the table: the data is intact (its signer may still be unknown). */
  loaded: boolean;
  /** Loaded, yet the rows are still being stored: only the file's first rows can be read, unfiltered (no totals yet). */
  loading: boolean;
  rows: number;
  teamApprovals: TeamApprovalsReport | null;
}

export interface HistoryOperations {
  historySyncStatus: Op<void, HistorySyncStatus>;
  /** Starts a catch-up pass now (after a failure, or on the user's asking); joins one running. */
  syncHistoryNow: Op<void, HistorySyncStatus>;
  historySummary: Op<{ filter: HistoryFilter }, HistorySummary>;
  historyRows: Op<HistoryRowsRequest, HistoryRows>;
  historyFlows: Op<{ filter: HistoryFilter }, HistoryFlows>;
}

/** Exports of the active profile's history. */
export interface HistoryExportOperations {
  /** Writes the filtered rows to one signed .zip, off the main thread (historyExportProgress). */
  exportHistory: Op<ExportRequest, ExportResult>;
}

/** The installation's signing key and the desks it trusts; no profile needed. */
export interface ExportKeyOperations {
  /** This installation's signing key; made (and kept in the OS keychain) the first time it is asked for. */
  exportSigningKey: Op<void, SigningKeyInfo>;
  trustedExportKeys: Op<void, TrustedKey[]>;
  trustExportKey: Op<{ publicKey: string; label: string }, TrustedKey[]>;
  forgetExportKey: Op<{ fingerprint: string }, TrustedKey[]>;
}

/** The folders exports may go to; no profile needed. */
export interface ExportFolderOperations {
  exportFolders: Op<void, ExportFolderChoices>;
  /** Shows the desktop app's folder dialog; the folder picked (null: cancelled) may then be named in an export. */
  chooseExportFolder: Op<void, { folder: string | null }>;
}

/** A review opened on a file main read itself. */
export interface ChosenReviewFile {
  reviewId: string;
  fileName: string;
  size: number;
}

/**
 * Review needs no profile. In the web host the page begins a review, then sends the file in one
 * HTTP request (never over the contract); in the desktop app main shows the file dialog and reads
 * the file picked. Either way finishReview then checks and loads it.
 */
export interface ReviewOperations {
  beginReview: Op<{ fileName: string; size: number }, { reviewId: string }>;
  /** The desktop app's file dialog; the review begun on the file picked (null: cancelled). */
  chooseReviewFile: Op<void, { review: ChosenReviewFile | null }>;
  /**
   * Verifies signature, hashes and row counts, then loads the rows when the data is intact. With
   * firstRows, answers as soon as the verdict is known and the file's first rows can be read (the
   * report says loading; asking again without it answers once every row is stored).
   */
  finishReview: Op<{ reviewId: string; firstRows?: boolean }, ReviewReport>;
  reviewSummary: Op<{ reviewId: string; filter: HistoryFilter }, HistorySummary>;
  reviewRows: Op<HistoryRowsRequest & { reviewId: string }, HistoryRows>;
  reviewFlows: Op<{ reviewId: string; filter: HistoryFilter }, HistoryFlows>;
  /** A balances export's day, read from its file (precision is not exported: amounts as written). */
  reviewBalances: Op<{ reviewId: string }, DateBalances>;
  closeReview: Op<{ reviewId: string }, void>;
}

const list = (what: string) =>
  z
    .array(z.string().trim().min(1, `${what} is empty`).max(64, `${what} is too long`).superRefine(visibleText(`The ${what}`)))
    .max(200, `too many ${what} values`)
    .optional();

export const historyFilter = z
  .object({
    from: isoTime.optional(),
    till: isoTime.optional(),
    currencies: list('currency'),
    types: list('type'),
    subtypes: list('subtype'),
    statuses: list('status'),
    networks: list('network'),
    direction: z.enum(HISTORY_DIRECTIONS, { error: 'direction must be in or out' }).optional(),
    text: z.string().max(200, 'search text is too long').optional(),
  })
  .strict()
  .refine((f) => f.from === undefined || f.till === undefined || Date.parse(f.from) <= Date.parse(f.till), {
    message: 'from must not be after till',
    path: ['from'],
  });

const rowWindow = {
  filter: historyFilter,
  offset: z.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must not be negative'),
  limit: z.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(500, 'limit must be at most 500'),
};
const reviewId = z.string().trim().min(1, 'reviewId is empty').max(64, 'reviewId is too long').superRefine(visibleText('The review id'));
const publicKey = z.string().trim().regex(/^[A-Za-z0-9+/]{43}=$/, 'publicKey must be a base64 Ed25519 public key (44 characters)');

export const HISTORY_OPERATIONS = {
  historySyncStatus: reads(noPayload),
  syncHistoryNow: changes(noPayload),
  historySummary: reads(z.object({ filter: historyFilter }).strict()),
  historyRows: reads(z.object(rowWindow).strict()),
  historyFlows: reads(z.object({ filter: historyFilter }).strict()),
} as const satisfies OperationSpecs<HistoryOperations>;

export const HISTORY_EXPORT_OPERATIONS = {
  exportHistory: changes(
    z
      .object({
        filter: historyFilter,
        format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }),
        valuationCurrency: currency.optional(),
        folder: z.string().trim().min(1, 'folder is empty').max(1024, 'folder is too long').optional(),
      })
      .strict(),
  ),
} as const satisfies OperationSpecs<HistoryExportOperations>;

export const EXPORT_KEY_OPERATIONS = {
  exportSigningKey: changes(noPayload),
  trustedExportKeys: reads(noPayload),
  trustExportKey: changes(
    z
      .object({ publicKey, label: z.string().trim().min(1, 'Give the desk a name').max(80, 'label is too long').superRefine(visibleText('The label')) })
      .strict(),
  ),
  forgetExportKey: changes(
    z.object({ fingerprint: z.string().trim().min(1, 'fingerprint is empty').max(100, 'fingerprint is too long').superRefine(visibleText('The fingerprint')) }).strict(),
  ),
} as const satisfies OperationSpecs<ExportKeyOperations>;

export const EXPORT_FOLDER_OPERATIONS = {
  exportFolders: reads(noPayload),
  chooseExportFolder: changes(noPayload),
} as const satisfies OperationSpecs<ExportFolderOperations>;

export const REVIEW_OPERATIONS = {
  beginReview: changes(
    z
      .object({
        fileName: z.string().trim().min(1, 'fileName is empty').max(255, 'fileName is too long').superRefine(visibleText('The file name')),
        size: z.number({ error: 'size must be a number' }).int('size must be a whole number').min(1, 'The file is empty').max(4 * 1024 ** 3, 'The file is larger than 4 GiB'),
      })
      .strict(),
  ),
  chooseReviewFile: changes(noPayload),
  finishReview: changes(z.object({ reviewId, firstRows: z.boolean().optional() }).strict()),
  reviewSummary: reads(z.object({ reviewId, filter: historyFilter }).strict()),
  reviewRows: reads(z.object({ reviewId, ...rowWindow }).strict()),
  reviewFlows: reads(z.object({ reviewId, filter: historyFilter }).strict()),
  reviewBalances: reads(z.object({ reviewId }).strict()),
  closeReview: changes(z.object({ reviewId }).strict()),
} as const satisfies OperationSpecs<ReviewOperations>;

export interface HistoryEvents {
  historySyncProgress: { profileId: string; status: HistorySyncStatus };
  /** Rows were added or changed in the store (the table and totals should be read again). */
  historyChanged: { profileId: string; count: number };
  historyExportProgress: { profileId: string; done: number; total: number; phase: 'writing' | 'signing' };
  reviewProgress: { reviewId: string; phase: 'verifying' | 'loading'; done: number; total: number };
}

export const HISTORY_EVENTS = {
  historySyncProgress: true,
  historyChanged: true,
  historyExportProgress: true,
  reviewProgress: true,
} as const satisfies EventList<HistoryEvents>;
