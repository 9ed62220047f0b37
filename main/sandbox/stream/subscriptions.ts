// A connection's feeds by name: subscribing again replaces the feed of that name, unsubscribing
// stops it, and closing the connection stops them all.
import type { StreamSession } from './session';

export class SessionSubscriptions {
  private readonly bySession = new WeakMap<StreamSession, Map<string, () => void>>();

  track(session: StreamSession, name: string, stop: () => void): void {
    let feeds = this.bySession.get(session);
    if (!feeds) {
      const created = new Map<string, () => void>();
      feeds = created;
      this.bySession.set(session, created);
      session.onClose(() => { for (const s of created.values()) s(); });
    }
    feeds.get(name)?.();
    feeds.set(name, stop);
  }

  untrack(session: StreamSession, name: string): true {
    const feeds = this.bySession.get(session);
    feeds?.get(name)?.();
    feeds?.delete(name);
    return true;
  }
}
