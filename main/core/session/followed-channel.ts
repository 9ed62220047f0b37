// One channel of a profile's public stream followed at a time: the market follows one symbol's
// candles, the conversion quotes one pair's rates. Both need the same care, kept here once so a fix
// reaches both: a new follow replaces the old one (unsubscribed first), a tick or a subscription of
// an older follow is dropped, follows and stops run one after the other, and a registration the
// stream refused stays with that stream, so the stream is dropped and the next follow opens a
// fresh one.
import type { PublicStream, Unsubscribe } from '../../exchange/stream/streams';

interface Follow {
  unsubscribe: Unsubscribe | null;
}

export class FollowedChannel {
  private stream: PublicStream | null = null;
  private following: Follow | null = null;
  /** Changes with every follow, stop and close: a tick or a subscription of an older follow is dropped. */
  private generation = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly openStream: () => PublicStream) {}

  /** Runs follows and stops in the order given, each after the one before settled (failed or not). */
  serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Starts a new follow: every older one is out of date from now on. Answers the new one's generation. */
  next(): number {
    return ++this.generation;
  }

  /** Whether the follow `generation` is still the latest and the channel not closed: its ticks are handed on. */
  isCurrent(generation: number): boolean {
    return generation === this.generation && !this.closed;
  }

  /** Lets go of the channel followed now; an unsubscribe the socket cannot carry (it is down) is not an error. */
  async unfollow(): Promise<void> {
    const unsubscribe = this.following?.unsubscribe;
    this.following = null;
    await unsubscribe?.().catch(() => undefined);
  }

  /**
   * Subscribes the follow `generation`, unless a newer follow, a stop or a close came meanwhile.
   * A refused subscription is not thrown: what the caller read over REST still stands.
   */
  async follow(generation: number, subscribe: (stream: PublicStream) => Promise<Unsubscribe>): Promise<void> {
    if (!this.isCurrent(generation)) return;
    const follow: Follow = { unsubscribe: null };
    this.following = follow;
    this.stream ??= this.openStream();
    try {
      const unsubscribe = await subscribe(this.stream);
      if (generation === this.generation && this.following === follow) follow.unsubscribe = unsubscribe;
      else await unsubscribe().catch(() => undefined);
    } catch {
      // The stream keeps a refused registration, so it is dropped here and the next follow opens a fresh one.
      this.following = null;
      this.stream?.close();
      this.stream = null;
    }
  }

  /** Stops following and closes the stream (the next follow opens a new one). */
  stop(): Promise<void> {
    return this.serially(async () => {
      this.generation += 1;
      await this.unfollow();
      this.stream?.close();
      this.stream = null;
    });
  }

  /**
   * Closes for good. `unsubscribe` tells the service first that the channel is let go (sent only
   * while the socket is live); otherwise closing the stream alone ends the registration.
   */
  close(options: { unsubscribe: boolean }): void {
    this.closed = true;
    this.generation += 1;
    const unsubscribe = this.following?.unsubscribe;
    this.following = null;
    if (options.unsubscribe) void unsubscribe?.().catch(() => undefined);
    this.stream?.close();
    this.stream = null;
  }
}
