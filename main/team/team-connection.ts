// This desk's live copy of one team's chain: read from the store, every entry verified, folded
// into the team's facts. New entries arrive through LISTEN/NOTIFY within a second; when the
// store cannot be reached the copy says why and tries again, and writes are refused meanwhile.
import type { ExportSigner } from '../core/exports/signing-key';
import type { EntryBodies, EntryDraft, EntryKind, StoredEntry, VerifiedEntry } from './entries';
import { checkEntry, signEntryWith, verifyEntries } from './entry-crypto';
import { TeamFacts } from './state/team-facts';
import type { AppendResult, TeamDb } from './store/team-db';
import { TeamStoreError } from './store/team-db';

export interface TeamConnectionDeps {
  db: TeamDb;
  teamId: string;
  signer: () => Promise<ExportSigner>;
  now: () => Date;
  /** Entries that arrived after the first read (this desk's own included), already verified. */
  arrived: (entries: VerifiedEntry[]) => void;
  /** The facts or the reachability changed. */
  changed: () => void;
  /** Pause between attempts while the store is unreachable. */
  retryMs?: number;
}

export class TeamConnection {
  facts = new TeamFacts();
  /** Why the store cannot be reached right now; null while it can. */
  unreachable: string | null = null;
  private lastSeq = 0;
  private lastHash = '';
  private loaded = false;
  private stopListening: (() => Promise<void>) | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;
  private readAgain = false;
  private closed = false;

  constructor(private readonly deps: TeamConnectionDeps) {}

  get teamId(): string {
    return this.deps.teamId;
  }

  /** Reads the whole chain and starts listening; an unreachable store is retried in the background. */
  async start(): Promise<void> {
    try {
      await this.listen();
      await this.sync();
    } catch (error) {
      this.lost(error);
    }
  }

  /**
   * Brings the copy up to the store's newest entry as of this call; throws (and marks the store
   * unreachable) when it cannot. Calls during a read share it, and it reads once more after, so
   * no caller returns on a read that began before it asked (an entry just appended included).
   */
  sync(): Promise<void> {
    if (this.syncing !== null) {
      this.readAgain = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      try {
        do {
          this.readAgain = false;
          await this.readNew();
        } while (this.readAgain);
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  /** Signs and appends an entry, then reads it back with whatever came before it. */
  async write<K extends EntryKind>(kind: K, body: EntryBodies[K], uniqueKey: string | null = null): Promise<AppendResult> {
    const signer = await this.deps.signer();
    const draft: EntryDraft<K> = { teamId: this.deps.teamId, kind, body, author: signer.info.publicKey, at: this.deps.now().toISOString(), uniqueKey };
    const result = await this.guarded(() => this.deps.db.append(this.deps.teamId, (prevHash) => ({ draft, ...signEntryWith(draft, prevHash, (bytes) => signer.sign(bytes)) })));
    await this.sync();
    return result;
  }

  /**
   * Reads the given entries again and checks them as stored now: a row changed in the database
   * after this desk first read it is marked tampered and stops counting. True when all still hold.
   */
  async recheck(seqs: readonly number[]): Promise<boolean> {
    if (seqs.length === 0) return true;
    const rows = await this.guarded(() => this.deps.db.entriesBySeq(this.deps.teamId, seqs));
    let intact = rows.length === seqs.length;
    for (const row of rows) {
      const held = this.facts.entry(row.seq);
      const why = checkEntry(row) ?? (held !== undefined && held.hash !== row.hash ? 'it was replaced after this desk read it' : null);
      if (why !== null) {
        this.facts.markTampered(row, why);
        intact = false;
      }
    }
    if (!intact) this.deps.changed();
    return intact;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    await this.stopListening?.().catch(() => undefined);
    this.stopListening = null;
    await this.deps.db.close().catch(() => undefined);
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const rows: StoredEntry[] = await this.guarded(() => this.deps.db.entriesAfter(this.deps.teamId, this.lastSeq));
      if (rows.length === 0) break;
      const verified = verifyEntries(rows, this.lastHash);
      this.facts.apply(verified);
      const last = rows[rows.length - 1] as StoredEntry;
      this.lastSeq = last.seq;
      this.lastHash = last.hash;
      if (this.loaded) this.deps.arrived(verified);
      this.deps.changed();
    }
    this.loaded = true;
  }

  private async listen(): Promise<void> {
    if (this.stopListening !== null) return;
    this.stopListening = await this.guarded(() =>
      this.deps.db.listen(
        (teamId) => {
          if (teamId === this.deps.teamId) void this.sync().catch(() => undefined);
        },
        (error) => {
          this.stopListening = null;
          this.lost(error);
        },
      ),
    );
  }

  /** Runs a store call; an unreachable store is recorded (and retried) before the error goes on. */
  private async guarded<T>(call: () => Promise<T>): Promise<T> {
    try {
      const value = await call();
      if (this.unreachable !== null) {
        this.unreachable = null;
        this.deps.changed();
      }
      return value;
    } catch (error) {
      if (error instanceof TeamStoreError && (error.code === 'TEAM_UNREACHABLE' || error.code === 'TEAM_TIMEOUT' || error.code === 'TEAM_AUTH')) this.lost(error);
      throw error;
    }
  }

  private lost(error: unknown): void {
    if (this.closed) return;
    const why = error instanceof Error ? error.message : String(error);
    if (this.unreachable !== why) {
      this.unreachable = why;
      this.deps.changed();
    }
    if (this.retryTimer !== null) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.reconnect();
    }, this.deps.retryMs ?? 3_000);
    this.retryTimer.unref?.();
  }

  /** Tries the store again now (also the "Try again" of the settings page). */
  async reconnect(): Promise<void> {
    if (this.closed) return;
    try {
      await this.deps.db.ping();
      await this.listen();
      await this.sync();
      this.unreachable = null;
      this.deps.changed();
    } catch (error) {
      this.lost(error);
    }
  }
}
