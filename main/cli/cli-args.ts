// The command line's words: usage, exit codes, and the export filter built from the options,
// refused (exit 64) with a message naming the argument when it does not hold.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { EXPORT_FORMATS, historyFilter, type ExportFormat, type HistoryFilter } from '../../preload/contract/history';

export const EXIT = {
  ok: 0,
  /** verify: altered, badly signed or not an export; export: it failed. */
  failed: 1,
  /** verify: intact, but signed by a key this installation does not trust. */
  unknownSigner: 2,
  usage: 64,
  notFound: 66,
} as const;

export class CliError extends Error {
  constructor(readonly exitCode: number, message: string) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(EXIT.usage, message);

export const USAGE = `Coffer from the command line: signed exports of a profile's stored history, and their verification.

  npm run coffer -- export --profile <name|id> --format ${EXPORT_FORMATS.join('|')}
                   [--from ISO] [--till ISO] [--currency A,B] [--type T,…] [--subtype S,…]
                   [--status S,…] [--network N,…] [--direction in|out] [--text TEXT] [--out FOLDER]
  npm run coffer -- verify FILE [--trust BASE64KEY]… [--json]
  npm run coffer -- --help

export writes one signed .zip from the local store (the data folder is COFFER_DATA_DIR or the
platform's default), signed with this installation's key from the OS keychain, and prints its path.
verify checks an export's signature, hashes and row counts; it trusts this installation's list
(Settings) plus every --trust key.

Exit codes: 0 verified (or exported); 1 altered, badly signed or not an export (or the export
failed); 2 intact but signed by an unknown key; 64 a usage error; 66 a file, folder or profile not found.`;

const LIST_OPTIONS = { currency: 'currencies', type: 'types', subtype: 'subtypes', status: 'statuses', network: 'networks' } as const;

export interface ExportArgs {
  profile: string;
  format: ExportFormat;
  filter: HistoryFilter;
  out?: string;
}

export interface VerifyArgs {
  file: string;
  trust: string[];
  json: boolean;
}

function parse(argv: string[], options: ParseArgsConfig['options']): { values: Record<string, string | boolean | (string | boolean)[] | undefined>; positionals: string[] } {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageError(error instanceof Error ? error.message.split('\n')[0] ?? 'bad arguments' : 'bad arguments');
  }
}

export function exportArgs(argv: string[]): ExportArgs {
  const { values, positionals } = parse(argv, {
    profile: { type: 'string' }, format: { type: 'string' }, from: { type: 'string' }, till: { type: 'string' },
    currency: { type: 'string', multiple: true }, type: { type: 'string', multiple: true }, subtype: { type: 'string', multiple: true },
    status: { type: 'string', multiple: true }, network: { type: 'string', multiple: true },
    direction: { type: 'string' }, text: { type: 'string' }, out: { type: 'string' },
  });
  if (positionals.length > 0) throw usageError(`export takes no bare arguments: ${positionals.join(' ')}`);
  const profile = typeof values.profile === 'string' ? values.profile.trim() : '';
  if (profile === '') throw usageError('--profile is required: the name or id of the profile to export');
  const format = values.format;
  if (typeof format !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw usageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}`);
  }
  const raw: Record<string, unknown> = {};
  if (values.from !== undefined) raw.from = values.from;
  if (values.till !== undefined) raw.till = values.till;
  if (values.direction !== undefined) raw.direction = values.direction;
  if (values.text !== undefined) raw.text = values.text;
  for (const [option, field] of Object.entries(LIST_OPTIONS)) {
    const given = values[option] as string[] | undefined;
    if (given !== undefined) raw[field] = given.flatMap((value) => value.split(',')).map((value) => value.trim());
  }
  const parsed = historyFilter.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    const option = Object.entries(LIST_OPTIONS).find(([, name]) => name === field)?.[0] ?? field;
    throw usageError(`--${option}: ${issue?.message ?? 'invalid'}`);
  }
  return { profile, format: format as ExportFormat, filter: parsed.data, ...(typeof values.out === 'string' ? { out: values.out } : {}) };
}

export function verifyArgs(argv: string[]): VerifyArgs {
  const { values, positionals } = parse(argv, { trust: { type: 'string', multiple: true }, json: { type: 'boolean' } });
  if (positionals.length !== 1) throw usageError(positionals.length === 0 ? 'verify needs the FILE to check' : `verify checks one FILE, got ${positionals.length}`);
  return { file: positionals[0] as string, trust: (values.trust as string[] | undefined) ?? [], json: values.json === true };
}
