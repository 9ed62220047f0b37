// How many withdrawals wait for approval, for the dock or taskbar badge, as plain code over the
// core's events and dispatch (no Electron import), so it is tested under Node against a real core.
// The count is the active profile's, exactly the "N waiting" of its Approvals page (withdrawals
// the service holds as CREATED): the app follows only the active profile live, and a badge
// counting profiles nobody watches would count rows nobody could act on from this window.
import type { WithdrawalView } from '../../preload/contract/withdrawals';
import type { Dispatch } from '../core/dispatch';
import type { EventBus } from '../core/events';

/** One withdrawal counts once, whether known by the service's id or (adopted) by a local one. */
const keyOf = (view: WithdrawalView): string => view.id ?? view.localId;

const isWaiting = (view: WithdrawalView): boolean => view.state === 'CREATED';

/** The active profile's waiting withdrawals, kept from a full read and the updates after it. */
export class WaitingApprovals {
  private profileId: string | null = null;
  private readonly waiting = new Set<string>();

  get count(): number {
    return this.waiting.size;
  }

  get activeProfileId(): string | null {
    return this.profileId;
  }

  /** Another profile became active: nothing is known of its queue until it is read. */
  switchTo(profileId: string | null): void {
    this.profileId = profileId;
    this.waiting.clear();
  }

  /** A full read of the active profile's queue replaces what was known; another profile's is ignored. */
  replace(profileId: string | null, views: readonly WithdrawalView[]): void {
    if (profileId !== this.profileId) return;
    this.waiting.clear();
    for (const view of views) if (isWaiting(view)) this.waiting.add(keyOf(view));
  }

  update(profileId: string, view: WithdrawalView): void {
    if (profileId !== this.profileId) return;
    if (isWaiting(view)) this.waiting.add(keyOf(view));
    else this.waiting.delete(keyOf(view));
  }
}

export interface BadgeDeps {
  events: EventBus;
  dispatch: Dispatch;
  activeProfileId(): string | null;
  /** Told the count each time it changes (and once after the first read). */
  show(count: number): void;
}

/**
 * Follows the count: a full read at the start, when the active profile changes and when the team
 * changes (its policy decides what the queue holds), then each withdrawal's update. Updates that
 * arrive while a read is on its way are applied again after it, so the read cannot undo them.
 * Returns the unsubscribe function.
 */
export function followWaitingApprovals(deps: BadgeDeps): { stop(): void; settled(): Promise<void> } {
  const known = new WaitingApprovals();
  let shown: number | null = null;
  let reading: Promise<void> = Promise.resolve();
  let duringRead: [string, WithdrawalView][] | null = null;
  const publish = () => {
    if (known.count === shown) return;
    shown = known.count;
    deps.show(known.count);
  };

  const read = () => {
    const profileId = known.activeProfileId;
    const updates: [string, WithdrawalView][] = [];
    duringRead = updates;
    reading = deps.dispatch('listApprovals', undefined).then((result) => {
      if (duringRead === updates) duringRead = null;
      // Unreachable service: the count stays as the updates left it rather than dropping to a false zero.
      if (!result.ok || known.activeProfileId !== profileId) return;
      known.replace(profileId, result.value as WithdrawalView[]);
      for (const [forProfile, view] of updates) known.update(forProfile, view);
      publish();
    });
  };

  known.switchTo(deps.activeProfileId());
  const unsubscribe = deps.events.subscribe((event, payload) => {
    if (event === 'profilesChanged') {
      const next = (payload as { activeProfileId: string | null }).activeProfileId;
      if (next === known.activeProfileId) return;
      known.switchTo(next);
      publish();
      read();
    } else if (event === 'teamChanged') {
      read();
    } else if (event === 'withdrawalUpdated') {
      const { profileId, withdrawal } = payload as { profileId: string; withdrawal: WithdrawalView };
      duringRead?.push([profileId, withdrawal]);
      known.update(profileId, withdrawal);
      publish();
    }
  });
  read();
  return { stop: unsubscribe, settled: () => reading };
}
