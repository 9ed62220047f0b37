// The zip writer and reader: what is written reads back byte for byte (and opens in any unzip,
// checked here with the system's `unzip -t` when present), and every kind of malformed archive
// ends in a ZipError saying what is wrong, never a hang or a raw exception.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crc32 } from '../../../main/core/exports/zip/crc32';
import { ZipError } from '../../../main/core/exports/zip/format';
import { ZipReader } from '../../../main/core/exports/zip/reader';
import { EntrySpool } from '../../../main/core/exports/zip/spool';
import { ZipWriter } from '../../../main/core/exports/zip/writer';


const dir = mkdtempSync(join(tmpdir(), 'coffer-zip-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const fresh = () => join(dir, `a${(counter += 1)}.zip`);

function* manyLines(count: number): Generator<string> {
  for (let i = 0; i < count; i += 1) yield `${i},line number ${i},ünïcødé ☕,${'x'.repeat(i % 50)}\r\n`;
}

async function writeZip(files: Record<string, Iterable<string | Uint8Array>>): Promise<string> {
  const path = fresh();
  const writer = await ZipWriter.create(path, new Date(Date.UTC(2025, 2, 1, 12, 30, 44)));
  for (const [name, parts] of Object.entries(files)) await writer.addEntry(name, parts);
  await writer.finish();
  return path;
}

async function readEntry(path: string, name: string): Promise<Buffer> {
  const zip = await ZipReader.open(path);
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of zip.read(name)) chunks.push(chunk);
    return Buffer.concat(chunks);
  } finally {
    await zip.close();
  }
}

/** Opens the archive and reads every entry; returns the ZipError message, or null when all was fine. */
async function failureOf(bytes: Buffer): Promise<string | null> {
  const path = fresh();
  writeFileSync(path, bytes);
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(path);
  } catch (error) {
    expect(error).toBeInstanceOf(ZipError);
    return (error as Error).message;
  }
  try {
    for (const name of zip.names()) for await (const _chunk of zip.read(name)) void _chunk;
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ZipError);
    return (error as Error).message;
  } finally {
    await zip.close();
  }
}

describe('zip round trip', () => {
  it('reads back every entry byte for byte, with the hash and size the writer reported', async () => {
    const text = [...manyLines(20_000)].join('');
    const path = fresh();
    const writer = await ZipWriter.create(path, new Date());
    const written = await writer.addEntry('transactions.csv', manyLines(20_000));
    await writer.addEntry('manifest.json', [Buffer.from('{"a":1}\n')]);
    await writer.addEntry('empty.txt', []);
    await writer.finish();
    expect(written.bytes).toBe(Buffer.byteLength(text));
    expect((await readEntry(path, 'transactions.csv')).toString('utf8')).toBe(text);
    expect((await readEntry(path, 'manifest.json')).toString()).toBe('{"a":1}\n');
    expect(await readEntry(path, 'empty.txt')).toHaveLength(0);
    const zip = await ZipReader.open(path);
    expect(zip.names()).toEqual(['transactions.csv', 'manifest.json', 'empty.txt']);
    await zip.close();
  });

  it('an entry spooled while another is written reads back after it, with its hash, and its spool file is gone', async (context) => {
    const [first, second] = [[...manyLines(30_000)], [...manyLines(25_000)].reverse()];
    const path = fresh();
    const writer = await ZipWriter.create(path, new Date());
    const spool = new EntrySpool('second.csv', `${path}.spool`);
    // Each line of the first entry puts one line into the spool, as an export's two files from one read of the rows.
    const teed = function* (): Generator<string> {
      for (const [i, line] of first.entries()) {
        spool.push(second[i % second.length] ?? '');
        yield line;
      }
    };
    await writer.addEntry('first.csv', teed(), spool);
    const spooled = await writer.addSpooled(await spool.finish());
    await spool.discard();
    await writer.addEntry('manifest.json', ['{}']);
    await writer.finish();
    const secondText = first.map((_line, i) => second[i % second.length]).join('');
    expect(spooled.bytes).toBe(Buffer.byteLength(secondText));
    expect(spooled.sha256).toBe(createHash('sha256').update(secondText).digest('hex'));
    expect((await readEntry(path, 'first.csv')).toString('utf8')).toBe(first.join(''));
    expect((await readEntry(path, 'second.csv')).toString('utf8')).toBe(secondText);
    expect(existsSync(`${path}.spool`)).toBe(false);
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      context.skip();
    }
    expect(execFileSync('unzip', ['-t', path]).toString()).toMatch(/No errors detected/);
  });

  it('writes archives the system unzip accepts', async (context) => {
    const path = await writeZip({ 'a.csv': manyLines(1000), 'b.json': ['{}'] });
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      context.skip();
    }
    expect(execFileSync('unzip', ['-t', path]).toString()).toMatch(/No errors detected/);
    expect(execFileSync('unzip', ['-p', path, 'a.csv']).toString()).toBe([...manyLines(1000)].join(''));
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
    const data = Buffer.from([...manyLines(500)].join(''));
    expect(crc32(data.subarray(100), crc32(data.subarray(0, 100)))).toBe(crc32(data));
  });

  it('refuses to overwrite an existing file', async () => {
    const path = await writeZip({ 'a.txt': ['a'] });
    await expect(ZipWriter.create(path, new Date())).rejects.toThrow(/EEXIST/);
  });
});

describe('malformed archives end in a clear ZipError', () => {
  let good: Buffer;
  const entryText = [...manyLines(2000)].join('');

  it('a good archive has no failure (the baseline the cases below damage)', async () => {
    good = readFileSync(await writeZip({ 'data.csv': [entryText], 'manifest.json': ['{}'] }));
    expect(await failureOf(good)).toBeNull();
  });

  it('empty, tiny or random bytes', async () => {
    expect(await failureOf(Buffer.alloc(0))).toMatch(/too short/);
    expect(await failureOf(Buffer.from('PK'))).toMatch(/too short/);
    expect(await failureOf(Buffer.from('this is a plain text file, not an archive at all'))).toMatch(/not a zip archive/);
  });

  it('cut short anywhere', async () => {
    for (const keep of [good.length - 1, good.length - 30, Math.floor(good.length / 2), 100]) {
      expect(await failureOf(good.subarray(0, keep))).toMatch(/not a zip archive|outside|cut short|damaged/);
    }
  });

  it('a flipped byte in the compressed data', async () => {
    const bad = Buffer.from(good);
    bad[200] = (bad[200] as number) ^ 0xff;
    expect(await failureOf(bad)).toMatch(/damaged|more data|shorter/);
  });

  it('a directory pointing outside the file or at no header', async () => {
    const end = good.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const outside = Buffer.from(good);
    outside.writeUInt32LE(good.length + 10, end + 16);
    expect(await failureOf(outside)).toMatch(/outside the file/);
    const central = good.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const noHeader = Buffer.from(good);
    noHeader.writeUInt32LE(5, central + 42);
    expect(await failureOf(noHeader)).toMatch(/no local header/);
  });

  it('zip64 markers, encryption and unknown methods', async () => {
    const end = good.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const zip64 = Buffer.from(good);
    zip64.writeUInt32LE(0xffffffff, end + 16);
    expect(await failureOf(zip64)).toMatch(/zip64/);
    const central = good.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const encrypted = Buffer.from(good);
    encrypted.writeUInt16LE(0x0801, central + 8);
    expect(await failureOf(encrypted)).toMatch(/encrypted/);
    const method = Buffer.from(good);
    method.writeUInt16LE(12, central + 10);
    expect(await failureOf(method)).toMatch(/compression method/);
  });

  it('an entry that inflates to more than it declares (a zip bomb) is cut off', async () => {
    const central = good.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const bomb = Buffer.from(good);
    bomb.writeUInt32LE(10, central + 24);
    expect(await failureOf(bomb)).toMatch(/more data than the archive says/);
  });

  it('a wrong checksum', async () => {
    const central = good.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const crc = Buffer.from(good);
    crc.writeUInt32LE((crc.readUInt32LE(central + 16) ^ 1) >>> 0, central + 16);
    expect(await failureOf(crc)).toMatch(/checksum/);
  });

  it('four hundred random corruptions all end, each in a ZipError or a clean read', async () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const small = readFileSync(await writeZip({ 'a.csv': manyLines(50), 'b.txt': ['hello'] }));
    for (let round = 0; round < 400; round += 1) {
      const bad = Buffer.from(small);
      for (let flips = 1 + Math.floor(random() * 3); flips > 0; flips -= 1) bad[Math.floor(random() * bad.length)] = Math.floor(random() * 256);
      const outcome = await failureOf(bad);
      expect(outcome === null || outcome.length > 0).toBe(true);
    }
  });
});
