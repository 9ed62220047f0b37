// The zip records Coffer writes and reads (PKWARE APPNOTE 6.3): local file headers, the central
// directory and its end record. No zip64: an archive or entry of 4 GiB or more is refused with a
// plain message, on both sides.

export const LOCAL_HEADER = 0x04034b50;
export const CENTRAL_HEADER = 0x02014b50;
export const END_OF_CENTRAL = 0x06054b50;
export const LOCAL_HEADER_SIZE = 30;
export const CENTRAL_HEADER_SIZE = 46;
export const END_OF_CENTRAL_SIZE = 22;
export const MAX_COMMENT = 0xffff;
/** Sizes and offsets are 32-bit without zip64. */
export const ZIP32_LIMIT = 0xffffffff;
/** Bit 11: names are UTF-8. */
export const FLAG_UTF8 = 0x0800;
export const FLAG_ENCRYPTED = 0x0001;
export const METHOD_STORED = 0;
export const METHOD_DEFLATE = 8;
export const VERSION_NEEDED = 20;
/** Made by: Unix (3), spec 2.0 — so the external attributes below read as file permissions. */
export const VERSION_MADE_BY = (3 << 8) | 20;
/** A regular file, rw-r--r--. */
export const EXTERNAL_ATTRIBUTES = (0o100644 << 16) >>> 0;

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

export const TOO_LARGE = 'The export would be 4 GiB or larger, which a zip without zip64 cannot hold; export a narrower range';

/**
 * The most an archive's files unpack to, all together: a few million rows, read in seconds. Review
 * refuses an archive whose directory claims more before inflating a byte, and cuts off any entry
 * that inflates past its claim, so a small hostile file cannot make it read gigabytes; the
 * writer keeps to the same bound, so every export Coffer makes can be reviewed.
 */
export const MAX_UNPACKED_BYTES = 1024 ** 3;
export const UNPACKED_TOO_LARGE = 'The export would hold more than 1 GiB of data, more than Review opens; export a narrower range';

/** MS-DOS date and time of a moment, in UTC so the same moment gives the same bytes anywhere. */
export function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
  };
}

export interface EntryRecord {
  name: string;
  crc: number;
  compressedSize: number;
  size: number;
  method: number;
  offset: number;
}
