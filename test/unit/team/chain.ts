// A team's entry chain built the way desks build it: real Ed25519 keys, each entry hashed over
// its content and the previous entry's hash and signed by its author, then read back through
// verifyEntries and folded into TeamFacts.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { fingerprintOf, rawPublicKey } from '../../../main/core/exports/fingerprint';
import type { EntryBodies, EntryKind, StoredEntry, VerifiedEntry, WithdrawalFields } from '../../../main/team/entries';
import { signEntry, verifyEntries } from '../../../main/team/entry-crypto';
import { defaultPolicy } from '../../../main/team/state/default-policy';
import { TeamFacts } from '../../../main/team/state/team-facts';
import type { TeamPolicy } from '../../../preload/contract/team';

export interface Desk {
  name: string;
  publicKey: string;
  privateKey: KeyObject;
}

export function makeDesk(name: string): Desk {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { name, publicKey: rawPublicKey(privateKey), privateKey };
}

const BASE_MS = Date.parse('2026-03-01T10:00:00.000Z');

/** The ISO time `minutes` after the test's base time (10:00:00 UTC). */
export function at(minutes: number): string {
  return new Date(BASE_MS + minutes * 60_000).toISOString();
}

export function atDate(minutes: number): Date {
  return new Date(at(minutes));
}

export class Chain {
  readonly entries: StoredEntry[] = [];

  constructor(readonly teamId = 'team-ledger-1') {}

  add<K extends EntryKind>(desk: Desk, kind: K, body: EntryBodies[K], minutes: number, uniqueKey: string | null = null): StoredEntry {
    const draft = { teamId: this.teamId, kind, body, author: desk.publicKey, at: at(minutes), uniqueKey };
    const prevHash = this.entries.at(-1)?.hash ?? '';
    const entry: StoredEntry = { ...draft, seq: this.entries.length + 1, prevHash, ...signEntry(draft, prevHash, desk.privateKey) };
    this.entries.push(entry);
    return entry;
  }

  verified(): VerifiedEntry[] {
    return verifyEntries(this.entries, '');
  }

  facts(): TeamFacts {
    const facts = new TeamFacts();
    facts.apply(this.verified());
    return facts;
  }

  /** The founder creates the team; then it admits each other desk directly (no request needed). */
  static team(founder: Desk, others: readonly Desk[], policy: TeamPolicy = defaultPolicy('USDT')): Chain {
    const chain = new Chain();
    chain.add(founder, 'team.created', { name: 'Treasury team', founder: { publicKey: founder.publicKey, name: founder.name }, policy }, 0);
    for (const desk of others) chain.admit(founder, desk, 1);
    return chain;
  }

  admit(by: Desk, desk: Desk, minutes: number): StoredEntry {
    return this.add(by, 'member.admitted', { desk: { publicKey: desk.publicKey, name: desk.name }, fingerprint: fingerprintOf(desk.publicKey) }, minutes);
  }

  prepare(desk: Desk, fields: WithdrawalFields, referenceValue: string, minutes: number, approvalsNeeded = 1): StoredEntry {
    return this.add(desk, 'withdrawal.prepared', {
      fields, localId: `local-${fields.txId}`, reason: 'Supplier invoice 1042', referenceValue, referenceCurrency: 'USDT', policyVersion: 1, approvalsNeeded,
    }, minutes);
  }

  approve(desk: Desk, fields: WithdrawalFields, minutes: number): StoredEntry {
    return this.add(desk, 'withdrawal.approved', { fields, policyVersion: 1 }, minutes);
  }
}

export function withdrawalFields(txId: string, currency = 'BTC', amount = '0.5', address = 'bc1qexampleaddress0001'): WithdrawalFields {
  return { txId, currency, network: currency, amount, feeMode: 'included', address, paymentId: null };
}

export function policyWith(changes: Partial<TeamPolicy>): TeamPolicy {
  return { ...defaultPolicy('USDT'), ...changes };
}
