// The badge counts the active profile's withdrawals waiting for approval (as its Approvals page
// says "N waiting"), follows each update and profile change, is not undone by a read that was on
// its way, and each OS gets what it can show: dock text, a launcher number, a taskbar overlay.
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../preload/contract';
import type { WithdrawalView, WithdrawalViewState } from '../../../preload/contract/withdrawals';
import { createEventBus } from '../../../main/core/events';
import { badgeFor, OVERLAY_SIZE, overlayBitmap, waitingWords } from '../../../main/electron/badge-decision';
import { followWaitingApprovals, WaitingApprovals } from '../../../main/electron/waiting-approvals';
import { waitingCountText as badgeText } from '../../../preload/contract/withdrawals';

function view(id: string | null, state: WithdrawalViewState, localId = `local-${id}`): WithdrawalView {
  return {
    localId, id, state, serviceStatus: null, currency: 'BTC', amount: '0.5', fee: null, network: null, address: 'bc1qexample',
    paymentId: null, publicComment: null, preparedBy: null, createdAt: null, deadline: null, updatedAt: '2026-01-01T00:00:00Z',
    actions: [], moveId: null, error: null,
  };
}

describe('WaitingApprovals', () => {
  it('counts CREATED withdrawals once each, whether known by service id or local id', () => {
    const known = new WaitingApprovals();
    known.switchTo('p1');
    known.replace('p1', [view('t1', 'CREATED'), view('t2', 'PENDING'), view(null, 'UNCERTAIN'), view('t3', 'COMMITTING'), view('t4', 'CREATED')]);
    expect(known.count).toBe(2);
    // The stream's adopted record and the desk's own record of one withdrawal share the service id.
    known.update('p1', view('t1', 'CREATED', 'own-record'));
    expect(known.count).toBe(2);
    known.update('p1', view('t1', 'COMMITTING'));
    known.update('p1', view('t5', 'CREATED'));
    expect(known.count).toBe(2);
  });

  it('ignores another profile and forgets the queue when the active profile changes', () => {
    const known = new WaitingApprovals();
    known.switchTo('p1');
    known.replace('p1', [view('t1', 'CREATED')]);
    known.update('p2', view('t9', 'CREATED'));
    known.replace('p2', [view('t8', 'CREATED'), view('t9', 'CREATED')]);
    expect(known.count).toBe(1);
    known.switchTo('p2');
    expect(known.count).toBe(0);
  });
});

/** A dispatch whose listApprovals answers wait until the test releases them. */
function queue() {
  const waiting: ((result: Result<unknown>) => void)[] = [];
  const dispatch = (op: string) => {
    expect(op).toBe('listApprovals');
    return new Promise<Result<unknown>>((resolve) => waiting.push(resolve));
  };
  return { dispatch, answer: (result: Result<unknown>) => waiting.shift()?.(result), pending: () => waiting.length };
}

describe('followWaitingApprovals', () => {
  it('reads the queue, follows updates, and reads again for a new profile or team', async () => {
    const events = createEventBus();
    const reads = queue();
    const shown: number[] = [];
    let active: string | null = 'p1';
    const follower = followWaitingApprovals({ events, dispatch: reads.dispatch, activeProfileId: () => active, show: (n) => shown.push(n) });
    expect(reads.pending()).toBe(1);
    reads.answer({ ok: true, value: [view('t1', 'CREATED'), view('t2', 'CREATED')] });
    await follower.settled();
    events.emit('withdrawalUpdated', { profileId: 'p1', withdrawal: view('t3', 'CREATED') });
    events.emit('withdrawalUpdated', { profileId: 'p1', withdrawal: view('t1', 'PENDING') });
    events.emit('withdrawalUpdated', { profileId: 'other', withdrawal: view('t7', 'CREATED') });
    expect(shown).toEqual([2, 3, 2]);

    active = 'p2';
    events.emit('profilesChanged', { activeProfileId: 'p2' });
    expect(shown.at(-1)).toBe(0);
    reads.answer({ ok: true, value: [view('u1', 'CREATED')] });
    await follower.settled();
    expect(shown.at(-1)).toBe(1);

    events.emit('teamChanged', { state: { kind: 'solo' } as never, unreachable: null });
    reads.answer({ ok: true, value: [] });
    await follower.settled();
    expect(shown).toEqual([2, 3, 2, 0, 1, 0]);
    follower.stop();
    events.emit('withdrawalUpdated', { profileId: 'p2', withdrawal: view('u2', 'CREATED') });
    expect(shown).toHaveLength(6);
  });

  it('keeps updates that arrive while a read is on its way, and the count when a read fails', async () => {
    const events = createEventBus();
    const reads = queue();
    const shown: number[] = [];
    const follower = followWaitingApprovals({ events, dispatch: reads.dispatch, activeProfileId: () => 'p1', show: (n) => shown.push(n) });
    events.emit('withdrawalUpdated', { profileId: 'p1', withdrawal: view('t1', 'CREATED') });
    // The read was answered before t1 was approved: the answer is older than the update.
    events.emit('withdrawalUpdated', { profileId: 'p1', withdrawal: view('t1', 'PENDING') });
    reads.answer({ ok: true, value: [view('t1', 'CREATED'), view('t0', 'CREATED')] });
    await follower.settled();
    expect(shown.at(-1)).toBe(1); // t0 alone
    events.emit('withdrawalUpdated', { profileId: 'p1', withdrawal: view('t2', 'CREATED') });
    events.emit('teamChanged', { state: { kind: 'solo' } as never, unreachable: null });
    reads.answer({ ok: false, error: { code: 'NETWORK', message: 'The service cannot be reached' } });
    await follower.settled();
    expect(shown.at(-1)).toBe(2);
  });

  it('drops an answer read for a profile that is no longer active', async () => {
    const events = createEventBus();
    const reads = queue();
    const shown: number[] = [];
    let active = 'p1';
    const follower = followWaitingApprovals({ events, dispatch: reads.dispatch, activeProfileId: () => active, show: (n) => shown.push(n) });
    active = 'p2';
    events.emit('profilesChanged', { activeProfileId: 'p2' });
    reads.answer({ ok: true, value: [view('t1', 'CREATED'), view('t2', 'CREATED')] });
    reads.answer({ ok: true, value: [view('u1', 'CREATED')] });
    await follower.settled();
    expect(shown).toEqual([0, 1]);
  });
});

describe('the badge on each OS', () => {
  it('shows nothing at zero, the number up to 99, then 99+', () => {
    expect([0, -1, Number.NaN, 1, 99, 100, 4321].map(badgeText)).toEqual(['', '', '', '1', '99', '99+', '99+']);
  });

  it('gives macOS dock text, Linux a launcher count and Windows an overlay with words', () => {
    expect(badgeFor(150, 'darwin')).toEqual({ kind: 'dock', text: '99+' });
    expect(badgeFor(0, 'darwin')).toEqual({ kind: 'dock', text: '' });
    expect(badgeFor(150, 'linux')).toEqual({ kind: 'count', count: 150 });
    expect(badgeFor(0, 'linux')).toEqual({ kind: 'count', count: 0 });
    expect(badgeFor(1, 'win32')).toEqual({ kind: 'overlay', text: '1', description: '1 withdrawal waiting for approval' });
    expect(badgeFor(0, 'win32')).toEqual({ kind: 'overlay', text: '', description: '' });
    expect(waitingWords(120)).toBe('120 withdrawals waiting for approval');
  });

  it('draws the overlay as a red disc with the count in white, and none for nothing', () => {
    expect(overlayBitmap('')).toBeNull();
    const white = (text: string) => {
      const pixels = overlayBitmap(text);
      expect(pixels).toHaveLength(OVERLAY_SIZE * OVERLAY_SIZE * 4);
      let count = 0;
      for (let i = 0; i < (pixels?.length ?? 0); i += 4) if (pixels?.readUInt32BE(i) === 0xffffffff) count += 1;
      return count;
    };
    // Pixels lit per glyph in the 3×5 font: 1 → 8, 7 → 7, 8 → 13, 9 → 12, + → 5.
    expect(white('1')).toBe(8);
    expect(white('7')).toBe(7);
    expect(white('8')).toBe(13);
    expect(white('99+')).toBe(12 + 12 + 5);
    const corner = overlayBitmap('1')?.subarray(0, 4);
    const centre = overlayBitmap('1')?.subarray(((8 * OVERLAY_SIZE) + 1) * 4, ((8 * OVERLAY_SIZE) + 2) * 4);
    expect([...(corner ?? [])]).toEqual([0, 0, 0, 0]);
    expect([...(centre ?? [])]).toEqual([0x1c, 0x1c, 0xc6, 0xff]);
  });
});
