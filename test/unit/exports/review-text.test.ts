// The review's text of an export's bytes, chunk by chunk: ASCII chunks are copied without decoding,
// and whatever the cuts (inside a two-, three- or four-byte character, or a character cut and never
// finished), the text is the one a UTF-8 decoder gives.
import { StringDecoder } from 'node:string_decoder';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../../main/core/exports/review/review-task';

function decoded(bytes: Buffer, size: number, read: (chunk: Buffer, decoder: StringDecoder) => string): string {
  const decoder = new StringDecoder('utf8');
  let text = '';
  for (let at = 0; at < bytes.length; at += size) text += read(bytes.subarray(at, at + size), decoder);
  return text + decoder.end();
}

describe('the text of an export’s bytes', () => {
  it('is what a UTF-8 decoder makes of them, however they are cut', () => {
    const mixed = Buffer.from(`${'id,Zürich office €,𝄞\r\n'.repeat(3)}${'plain,ascii\r\n'.repeat(5)}`);
    const unfinished = Buffer.concat([Buffer.from('x'), Buffer.from([0xe2, 0x82]), Buffer.from('abc,def')]);
    for (const bytes of [mixed, unfinished]) {
      for (let size = 1; size <= 12; size += 1) expect(decoded(bytes, size, textOf)).toBe(decoded(bytes, size, (chunk, decoder) => decoder.write(chunk)));
    }
    expect(decoded(unfinished, 3, textOf)).toBe('x\ufffdabc,def');
  });
});
