// Hostile exports, built streaming so the test never holds what they unpack to: a self-signed
// export whose transactions.csv is one enormous line (through Coffer's own zip writer), and
// decompression bombs whose entry claims a small or a huge size and inflates to gigabytes. A
// bomb's data is one deflate block of 1 MiB, full-flushed so it stands alone, repeated: 2 GiB
// of text in about 2 MB of file, written in a blink.
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { constants, deflateRawSync } from 'node:zlib';
import { CANONICAL_CSV_HEADER, CANONICAL_CSV_NAME } from '../../../main/core/exports/formats/canonical-csv';
import { MANIFEST_NAME, SIGNATURE_NAME, signManifest, type ManifestFile } from '../../../main/core/exports/manifest';
import { crc32 } from '../../../main/core/exports/zip/crc32';
import { CENTRAL_HEADER, END_OF_CENTRAL, LOCAL_HEADER, METHOD_DEFLATE, METHOD_STORED } from '../../../main/core/exports/zip/format';
import { ZipWriter } from '../../../main/core/exports/zip/writer';
import type { TestKey } from '../../unit/exports/signed-export';

export const MiB = 1024 * 1024;

function signedManifest(key: TestKey, file: ManifestFile): { manifest: Buffer; signature: string } {
  return signManifest(
    {
      appVersion: '0.1.0', profileName: 'Hostile', account: 'https://api.example.test (API v3)', filters: {}, format: 'csv',
      from: null, till: null, rowCount: file.rows, files: [file], createdAt: '2025-03-02T10:00:00.000Z',
      signer: { publicKey: key.publicKey, fingerprint: key.fingerprint },
    },
    key,
  );
}

/** A well-formed export signed by `key` whose transactions.csv is the header and one line of `lineBytes` bytes. */
export async function longLineExport(path: string, key: TestKey, lineBytes: number): Promise<void> {
  const piece = Buffer.alloc(MiB, 'x');
  function* parts(): Generator<string | Uint8Array> {
    yield CANONICAL_CSV_HEADER;
    for (let left = lineBytes; left > 0; left -= piece.length) yield left >= piece.length ? piece : piece.subarray(0, left);
    yield '\r\n';
  }
  const writer = await ZipWriter.create(path, new Date('2025-03-02T10:00:00Z'));
  const written = await writer.addEntry(CANONICAL_CSV_NAME, parts());
  const signed = signedManifest(key, { name: CANONICAL_CSV_NAME, sha256: written.sha256, rows: 1, bytes: written.bytes });
  await writer.addEntry(MANIFEST_NAME, [signed.manifest]);
  await writer.addEntry(SIGNATURE_NAME, [signed.signature]);
  await writer.finish();
}

interface RawEntry {
  name: string;
  method: number;
  crc: number;
  /** The size the zip's headers claim (the manifest claims the same). */
  size: number;
  /** The stored bytes, as pieces each repeated `times`. */
  data: Array<{ bytes: Buffer; times: number }>;
}

/**
 * An export signed by `key` whose transactions.csv's headers (and manifest) claim `claimedBytes`
 * while its data inflates to `inflatedMiB` MiB of one line of text.
 */
export async function bombExport(path: string, key: TestKey, claimedBytes: number, inflatedMiB: number): Promise<void> {
  const block = deflateRawSync(Buffer.alloc(MiB, 'y'), { finishFlush: constants.Z_FULL_FLUSH });
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  const signed = signedManifest(key, { name: CANONICAL_CSV_NAME, sha256: createHash('sha256').digest('hex'), rows: 1, bytes: claimedBytes });
  const signature = Buffer.from(signed.signature);
  await writeRawZip(path, [
    { name: CANONICAL_CSV_NAME, method: METHOD_DEFLATE, crc: 0, size: claimedBytes, data: [{ bytes: block, times: inflatedMiB }, { bytes: finalEmptyBlock, times: 1 }] },
    { name: MANIFEST_NAME, method: METHOD_STORED, crc: crc32(signed.manifest), size: signed.manifest.length, data: [{ bytes: signed.manifest, times: 1 }] },
    { name: SIGNATURE_NAME, method: METHOD_STORED, crc: crc32(signature), size: signature.length, data: [{ bytes: signature, times: 1 }] },
  ]);
}

/** A zip whose headers say exactly what `entries` claim, whatever their data holds. */
async function writeRawZip(path: string, entries: readonly RawEntry[]): Promise<void> {
  const file = await open(path, 'wx');
  let offset = 0;
  const write = async (bytes: Buffer) => {
    await file.write(bytes, 0, bytes.length, offset);
    offset += bytes.length;
  };
  const placed: Array<RawEntry & { offset: number; compressedSize: number }> = [];
  try {
    for (const entry of entries) {
      const compressedSize = entry.data.reduce((sum, piece) => sum + piece.bytes.length * piece.times, 0);
      placed.push({ ...entry, offset, compressedSize });
      await write(header(LOCAL_HEADER, 30, entry, compressedSize));
      for (const piece of entry.data) for (let n = 0; n < piece.times; n += 1) await write(piece.bytes);
    }
    const centralStart = offset;
    for (const entry of placed) await write(header(CENTRAL_HEADER, 46, entry, entry.compressedSize, entry.offset));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL, 0);
    end.writeUInt16LE(placed.length, 8);
    end.writeUInt16LE(placed.length, 10);
    end.writeUInt32LE(offset - centralStart, 12);
    end.writeUInt32LE(centralStart, 16);
    await write(end);
  } finally {
    await file.close();
  }
}

/** A local (30 bytes) or central (46 bytes, with the local header's offset) header and the name. */
function header(signature: number, size: 30 | 46, entry: RawEntry, compressedSize: number, localOffset = 0): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const bytes = Buffer.alloc(size + name.length);
  bytes.writeUInt32LE(signature, 0);
  // The central header has "version made by" first; the rest sits 2 bytes further on.
  const shift = size === 46 ? 2 : 0;
  bytes.writeUInt16LE(20, 4 + shift);
  bytes.writeUInt16LE(0x0800, 6 + shift);
  bytes.writeUInt16LE(entry.method, 8 + shift);
  bytes.writeUInt32LE(entry.crc >>> 0, 14 + shift);
  bytes.writeUInt32LE(compressedSize, 18 + shift);
  bytes.writeUInt32LE(entry.size, 22 + shift);
  bytes.writeUInt16LE(name.length, 26 + shift);
  if (size === 46) bytes.writeUInt32LE(localOffset, 42);
  name.copy(bytes, size);
  return bytes;
}
