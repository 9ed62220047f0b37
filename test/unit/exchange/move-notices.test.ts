import { describe, expect, it } from 'vitest';
import { rateLimitedNotice, tellSender, withMoveNotices, type MoveNotice } from '../../../main/exchange/move-notices';

describe('move notices', () => {
  it('reach the listeners of the work that sent the move, inner and outer, and nobody outside it', async () => {
    const outer: MoveNotice[] = [];
    const inner: MoveNotice[] = [];
    const notice = rateLimitedNotice('withdraw', 1, 4, 2_000);
    tellSender(notice);
    await withMoveNotices((n) => outer.push(n), async () => {
      await withMoveNotices((n) => inner.push(n), async () => {
        await Promise.resolve();
        tellSender(notice);
      });
      tellSender({ ...notice, attempt: 2 });
    });
    expect(inner.map((n) => n.attempt)).toEqual([1]);
    expect(outer.map((n) => n.attempt)).toEqual([1, 2]);
  });

  it('say in whole seconds, rounded up, when the move is sent again and which attempt that is', () => {
    expect(rateLimitedNotice('transfer', 1, 4, 2_001).message).toBe('Rate limited by the service; sending again in 3 s (attempt 2 of 4)');
    expect(rateLimitedNotice('transfer', 3, 4, 250).message).toBe('Rate limited by the service; sending again in 1 s (attempt 4 of 4)');
  });
});
