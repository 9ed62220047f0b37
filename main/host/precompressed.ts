// The renderer build's compressed copies: brotli and gzip written next to each text file once,
// at build time (electron.vite.config.ts calls precompressDir), and chosen per request by the
// web host (static-files.ts). Compressing once at the highest levels costs the build seconds and
// every page load nothing.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

export const COMPRESSED_SUFFIX: Readonly<Record<ContentEncoding, string>> = { br: '.br', gzip: '.gz' };

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map']);

/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

export const isCompressible = (file: string): boolean => COMPRESSIBLE_EXTENSIONS.has(extname(file));

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface PrecompressTotals {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes file.br and file.gz beside every compressible file of at least 1 KB under dir. */
export async function precompressDir(dir: string): Promise<PrecompressTotals> {
  const files = (await listFiles(dir)).filter(isCompressible);
  const totals: PrecompressTotals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      if (raw.length < MIN_BYTES) {
        // A copy left by an earlier build of a file that has since shrunk would be served instead of it.
        await Promise.all(Object.values(COMPRESSED_SUFFIX).map((suffix) => rm(file + suffix, { force: true })));
        return;
      }
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(file + COMPRESSED_SUFFIX.br, br), writeFile(file + COMPRESSED_SUFFIX.gzip, gz)]);
      totals.files += 1;
      totals.bytes += raw.length;
      totals.brotliBytes += br.length;
      totals.gzipBytes += gz.length;
    }),
  );
  return totals;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(path);
      return Promise.resolve(entry.isFile() ? [path] : []);
    }),
  );
  return nested.flat();
}
