// The cursor walkers against an in-memory history that grows while it is read.
import { describe, expect, it } from 'vitest';
import { runStoppable } from '../../../main/exchange/cancellation';
import { RateLimiter } from '../../../main/exchange/limiter';
import { walkById, walkByIdPipelined, walkByTime } from '../../../main/exchange/paging';

interface Row { id: string; at: string }

function history(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({ id: String(i * 3 + 7), at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 4) * 1_000).toISOString() }));
}

/** Like the service: id_from inclusive, ASC by id, offset after the bound, new rows appended. */
function serviceOver(rows: Row[], onFetch: () => void = () => undefined) {
  return async (from: string | undefined, offset: number, limit: number): Promise<Row[]> => {
    onFetch();
    const bounded = rows.filter((row) => from === undefined || BigInt(row.id) >= BigInt(from));
    if (offset > 100_000) throw new Error('offset ceiling');
    return bounded.slice(offset, offset + limit);
  };
}

async function ids(iterable: AsyncIterable<Row>): Promise<string[]> {
  const out: string[] = [];
  for await (const row of iterable) out.push(row.id);
  return out;
}

describe('cursor walkers', () => {
  it('walkById yields every row once in order', async () => {
    const rows = history(2_345);
    const fetch = serviceOver(rows);
    expect(await ids(walkById((from, limit) => fetch(from, 0, limit), (row) => row.id, 100))).toEqual(rows.map((row) => row.id));
  });

  it('walkByIdPipelined yields every row once although rows arrive during the walk', async () => {
    const rows = history(2_345);
    let fetches = 0;
    const fetch = serviceOver(rows, () => {
      fetches += 1;
      if (fetches === 3) rows.push({ id: '999999', at: 'x' });
    });
    const seen = await ids(walkByIdPipelined(fetch, (row) => row.id, { pageSize: 100, concurrency: 4, anchorPages: 7 }));
    expect(seen).toEqual(rows.map((row) => row.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('walkByIdPipelined asks for the next page before handing on the rows of the one that came in, across anchors, and none past a short page', async () => {
    const rows = history(450);
    let fetches = 0;
    const offsets: number[] = [];
    const service = serviceOver(rows, () => void (fetches += 1));
    const fetch = (from: string | undefined, offset: number, limit: number) => {
      offsets.push(offset);
      return service(from, offset, limit);
    };
    const fetchesAtFirstRow: number[] = [];
    let index = 0;
    // Two pages an anchor: the anchor moves on while pages of the old one are in flight, never emptying the pipeline.
    for await (const row of walkByIdPipelined(fetch, (r) => r.id, { pageSize: 100, concurrency: 2, anchorPages: 2 })) {
      if (index % 100 === 0) fetchesAtFirstRow.push(fetches);
      expect(row.id).toBe(rows[index]?.id);
      index += 1;
    }
    expect(index).toBe(450);
    // Two in flight from the start; each full page that comes in sends one more before its rows are read.
    expect(fetchesAtFirstRow).toEqual([3, 4, 5, 6, 6]);
    expect(fetches).toBe(6);
    expect(Math.max(...offsets)).toBeLessThan(200);
  });

  it('walkByIdPipelined drops the pages asked for past the short one that still wait for the rate limit: never sent', async () => {
    // Three requests a window: pages 0-2 leave at once, page 3 waits for the next window.
    const limiter = new RateLimiter({ windowMs: 300, marginMs: 0, rules: [{ name: 'ip:default', scope: 'ip', prefixes: [], rate: 2, burst: 1 }] });
    const service = serviceOver(history(250));
    let sent = 0;
    const fetch = async (from: string | undefined, offset: number, limit: number) => {
      const release = await limiter.acquire('/list', { host: 'h' }, 'background');
      sent += 1;
      try {
        return await service(from, offset, limit);
      } finally {
        release();
      }
    };
    const stop = new AbortController();
    const seen = await runStoppable(stop.signal, () => ids(walkByIdPipelined(fetch, (row) => row.id, { pageSize: 100, concurrency: 4 })));
    expect(seen).toHaveLength(250);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sent).toBe(3);
  });

  it('walkByTime skips rows already seen at the boundary time', async () => {
    const rows = history(1_003);
    const fetch = async (from: string | undefined, limit: number) => rows.filter((row) => from === undefined || row.at >= from).slice(0, limit);
    const seen = await ids(walkByTime(fetch, (row) => row.at, (row) => row.id, undefined, 10));
    expect(seen).toEqual(rows.map((row) => row.id));
  });

  it('stops with a clear error when the service ignores the bound', async () => {
    const stuck = async () => history(10);
    await expect(ids(walkById(stuck, (row) => row.id, 10))).rejects.toThrow(/did not advance/);
  });
});
