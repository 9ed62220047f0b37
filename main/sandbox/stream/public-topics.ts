// Who is subscribed to what on the market-data stream. A subscription key is a channel name plus,
// for channels that take one, the target currency; under it, each symbol (or currency, or '*')
// maps to the set of connections that asked for it, so a notification is built once per topic.
import type { Channel } from './public-channels';

export interface Subscriber {
  /** Sends an already serialised message (text, or its UTF-8 bytes when shared by many). */
  send(message: string | Buffer): void;
}

export interface Topic {
  channel: Channel;
  target?: string;
  members: Map<string, Set<Subscriber>>;
}

export class TopicRegistry {
  readonly topics = new Map<string, Topic>();
  private readonly bySubscriber = new Map<Subscriber, Map<string, Set<string>>>();

  static key(channel: Channel, target?: string): string {
    return target === undefined ? channel.name : `${channel.name}|${target}`;
  }

  add(sub: Subscriber, channel: Channel, target: string | undefined, items: readonly string[]): string[] {
    const key = TopicRegistry.key(channel, target);
    let topic = this.topics.get(key);
    if (!topic) {
      topic = { channel, ...(target === undefined ? {} : { target }), members: new Map() };
      this.topics.set(key, topic);
    }
    const mine = this.itemsOf(sub, key, true);
    for (const item of items) {
      mine.add(item);
      let set = topic.members.get(item);
      if (!set) topic.members.set(item, (set = new Set()));
      set.add(sub);
    }
    return [...mine].sort();
  }

  /** Removes the items (all of them when none are given); returns what remains. */
  remove(sub: Subscriber, key: string, items: readonly string[]): string[] {
    const mine = this.itemsOf(sub, key, false);
    const topic = this.topics.get(key);
    if (!mine || !topic) return [];
    for (const item of items.length === 0 ? [...mine] : items) {
      mine.delete(item);
      const set = topic.members.get(item);
      set?.delete(sub);
      if (set?.size === 0) topic.members.delete(item);
    }
    if (topic.members.size === 0) this.topics.delete(key);
    if (mine.size === 0) this.bySubscriber.get(sub)?.delete(key);
    return [...mine].sort();
  }

  /** Keys of the topics a subscriber has for this channel name (one per target currency). */
  keysOf(sub: Subscriber, channelName: string): string[] {
    return [...(this.bySubscriber.get(sub)?.keys() ?? [])].filter((k) => k === channelName || k.startsWith(`${channelName}|`));
  }

  list(sub: Subscriber, key: string): string[] {
    return [...(this.itemsOf(sub, key, false) ?? [])].sort();
  }

  removeSubscriber(sub: Subscriber): void {
    for (const key of [...(this.bySubscriber.get(sub)?.keys() ?? [])]) this.remove(sub, key, []);
    this.bySubscriber.delete(sub);
  }

  private itemsOf(sub: Subscriber, key: string, create: true): Set<string>;
  private itemsOf(sub: Subscriber, key: string, create: false): Set<string> | undefined;
  private itemsOf(sub: Subscriber, key: string, create: boolean): Set<string> | undefined {
    let keys = this.bySubscriber.get(sub);
    if (!keys && create) this.bySubscriber.set(sub, (keys = new Map()));
    let items = keys?.get(key);
    if (!items && create && keys) keys.set(key, (items = new Set()));
    return items;
  }
}
