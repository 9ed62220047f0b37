// CRC-32 (the zip polynomial, reflected 0xEDB88320), eight bytes per step ("slicing by 8") so a
// few hundred megabytes take well under a second. Incremental: pass the previous value back in.

const TABLES = makeTables();

function makeTables(): Uint32Array[] {
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  const first = tables[0] as Uint32Array;
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    first[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n += 1) {
    let c = first[n] as number;
    for (let t = 1; t < 8; t += 1) {
      c = (first[c & 0xff] as number) ^ (c >>> 8);
      (tables[t] as Uint32Array)[n] = c >>> 0;
    }
  }
  return tables;
}

export function crc32(data: Uint8Array, previous = 0): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = TABLES as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  let crc = ~previous >>> 0;
  let i = 0;
  const end8 = data.length - (data.length % 8);
  while (i < end8) {
    const a = (crc ^ ((data[i] as number) | ((data[i + 1] as number) << 8) | ((data[i + 2] as number) << 16) | ((data[i + 3] as number) << 24))) >>> 0;
    crc =
      (t7[a & 0xff] as number) ^ (t6[(a >>> 8) & 0xff] as number) ^ (t5[(a >>> 16) & 0xff] as number) ^ (t4[a >>> 24] as number) ^
      (t3[data[i + 4] as number] as number) ^ (t2[data[i + 5] as number] as number) ^ (t1[data[i + 6] as number] as number) ^ (t0[data[i + 7] as number] as number);
    i += 8;
  }
  while (i < data.length) {
    crc = (t0[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8);
    i += 1;
  }
  return ~crc >>> 0;
}
