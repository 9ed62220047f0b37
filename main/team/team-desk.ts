// This desk's membership of a team: joining (create or ask to join), the team's status as this
// desk sees it, the member-only writes (admit, remove, policy, address book), and the withdrawal
// gate of the profile the team governs. One per app; a solo desk has no connection at all.
import { randomUUID } from 'node:crypto';
import type Decimal from '../../preload/contract/decimal';
import type { ConnectTeamInput, TeamAuditEntryView, TeamEvents, TeamPolicyInput, TeamStatus } from '../../preload/contract/team';
import { AppFailure } from '../core/app-error';
import type { ExportSigner } from '../core/exports/signing-key';
import { fingerprintOf, normalFingerprint } from '../core/exports/fingerprint';
import type { SettingsRepo } from '../db/settings-repo';
import type { WhitelistedAddress } from '../exchange/domain';
import type { SecretStore } from '../keychain/secret-store';
import type { TeamClaims } from '../core/pending/claims';
import { createDeskGate } from './desk-gate';
import { teamClaimsOf } from './team-claims';
import { teamAudit } from './team-audit';
import { proofSource } from './proof-source';
import type { TeamProofSource } from '../core/exports/team-proofs';
import { readDeskSettings, saveDeskSettings, TEAM_PASSWORD_ACCOUNT, type DeskSettings } from './desk-settings';
import type { EntryBodies, EntryKind, VerifiedEntry } from './entries';
import type { WithdrawalGate } from './gate';
import { defaultPolicy } from './state/default-policy';
import type { TeamFacts } from './state/team-facts';
import { teamWithdrawalView } from './state/team-views';
import { deskStatus, soloStatus } from './team-status';
import { TeamConnection } from './team-connection';
import { storeFailure } from './team-failure';
import { openTeamDb, type TeamDb } from './store/team-db';
import { parseTeamUrl, type TeamServer } from './store/team-url';

export interface TeamDeskDeps {
  settings: SettingsRepo;
  secrets: SecretStore;
  signer: () => Promise<ExportSigner>;
  /** This desk's public key as settings know it (no keychain read); null before it has one. */
  knownKey: () => string | null;
  /** The team changed (any entry, or the store's reachability): told on every read, so kept cheap. */
  changed: (change: TeamEvents['teamChanged']) => void;
  approvalWanted: (notice: { txId: string; preparedBy: string; currency: string; amount: string }) => void;
  now?: () => Date;
  openDb?: (server: TeamServer, password: string | null) => TeamDb;
  retryMs?: number;
}

export class TeamDesk {
  private connection: TeamConnection | null = null;
  private desk: DeskSettings | null = null;
  private readonly now: () => Date;

  constructor(private readonly deps: TeamDeskDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Reconnects to the team this desk joined before; an unreachable store is retried in the background. */
  async start(): Promise<void> {
    const desk = readDeskSettings(this.deps.settings);
    if (desk === null) return;
    const password = await this.deps.secrets.get(TEAM_PASSWORD_ACCOUNT).catch(() => null);
    this.desk = desk;
    this.connection = this.connectionFor(this.openDb(parseTeamUrl(desk.url), password), desk.teamId);
    await this.connection.start();
  }

  status(): TeamStatus {
    const { desk, connection } = this;
    if (desk === null || connection === null) return soloStatus();
    return deskStatus(connection, desk, this.deps.knownKey(), this.now());
  }

  async connect(input: ConnectTeamInput, profileId: string): Promise<TeamStatus> {
    if (this.desk !== null) throw new AppFailure('TEAM_ALREADY', 'This desk already belongs to a team: leave it first', 'url');
    const server = parseTeamUrl(input.url);
    const password = input.password === undefined || input.password === '' ? null : input.password;
    const db = this.openDb(server, password);
    try {
      await storeFailure(() => db.migrate());
      const teamId = input.action === 'create' ? randomUUID() : await this.onlyTeam(db);
      const connection = this.connectionFor(db, teamId);
      const signer = await this.deps.signer();
      const self = { publicKey: signer.info.publicKey, name: input.deskName };
      if (input.action === 'create') {
        const reference = (input.referenceCurrency ?? 'USDT').trim().toUpperCase();
        await storeFailure(() => connection.write('team.created', { name: input.teamName?.trim() || 'Treasury team', founder: self, policy: defaultPolicy(reference) }));
      } else {
        await storeFailure(() => connection.sync());
        await storeFailure(() => connection.write('member.requested', { desk: self }));
      }
      // The password is kept only once it has worked, and only in the keychain.
      if (password !== null) await this.deps.secrets.set(TEAM_PASSWORD_ACCOUNT, password);
      this.desk = { url: input.url.trim(), deskName: input.deskName, teamId, profileId };
      saveDeskSettings(this.deps.settings, this.desk);
      this.connection = connection;
      await connection.start();
      return this.changed();
    } catch (error) {
      if (this.connection === null) await db.close().catch(() => undefined);
      throw error;
    }
  }

  async retry(): Promise<TeamStatus> {
    await this.connection?.reconnect();
    return this.status();
  }

  async admit(publicKey: string, fingerprint: string): Promise<TeamStatus> {
    const connection = this.member();
    const request = connection.facts.joinRequests().find((desk) => desk.publicKey === publicKey);
    if (request === undefined) throw new AppFailure('NOT_FOUND', 'No desk with this key asked to join', 'publicKey');
    if (normalFingerprint(fingerprint) !== fingerprintOf(publicKey)) {
      throw new AppFailure('FINGERPRINT_MISMATCH', 'The fingerprint does not match the desk that asked to join: do not admit it, and check with its owner', 'fingerprint');
    }
    return this.write('member.admitted', { desk: { publicKey, name: request.name }, fingerprint: fingerprintOf(publicKey) });
  }

  voteRemove(publicKey: string, reason: string): Promise<TeamStatus> {
    if (publicKey === this.deps.knownKey()) throw new AppFailure('SELF', 'To leave the team, use Leave team', 'publicKey');
    return this.write('member.removalVoted', { publicKey, reason });
  }

  async leave(reason: string): Promise<TeamStatus> {
    await this.write('member.left', { reason });
    await this.connection?.close();
    this.connection = null;
    this.desk = null;
    saveDeskSettings(this.deps.settings, null);
    await this.deps.secrets.delete(TEAM_PASSWORD_ACCOUNT).catch(() => false);
    return this.changed();
  }

  proposePolicy(input: TeamPolicyInput): Promise<TeamStatus> {
    const current = this.member().facts.policy(this.now());
    return this.write('policy.proposed', { policy: { ...input, version: (current?.version ?? 0) + 1 } });
  }

  approvePolicy(version: number, proposal: string): Promise<TeamStatus> {
    const pending = this.status().pendingPolicy;
    if (pending === null || pending.policy.version !== version) throw new AppFailure('NOT_FOUND', `No proposed policy version ${version} waits for approval`, 'version');
    if (pending.proposal !== proposal) {
      throw new AppFailure('POLICY_REPLACED', `Another proposal for version ${version} replaced the one shown: read it again before approving`, 'version');
    }
    if (!pending.canApprove) throw new AppFailure('TEAM_CANNOT_APPROVE', 'Another member must approve a change this desk proposed', 'version');
    return this.write('policy.approved', { version, proposal });
  }

  proposeAddress(entry: { label: string; currency: string; network: string; address: string; paymentId?: string }): Promise<TeamStatus> {
    const { label, currency, network, address } = entry;
    return this.write('address.proposed', { id: randomUUID(), label, currency: currency.toUpperCase(), network, address, paymentId: entry.paymentId || null });
  }

  approveAddress(id: string): Promise<TeamStatus> {
    const entry = this.status().addressBook.find((candidate) => candidate.id === id);
    if (entry === undefined) throw new AppFailure('NOT_FOUND', 'No such address-book entry', 'id');
    if (!entry.canApprove) throw new AppFailure('TEAM_CANNOT_APPROVE', 'Another desk must approve an address this desk added', 'id');
    return this.write('address.approved', { id });
  }

  removeAddress(id: string, reason: string): Promise<TeamStatus> {
    return this.write('address.removed', { id, reason });
  }

  /** Proposes each white-listed address not in the book yet; each still needs another desk's approval. */
  async importWhitelist(addresses: readonly WhitelistedAddress[]): Promise<TeamStatus> {
    const known = new Set(this.status().addressBook.map((entry) => `${entry.currency}|${entry.network}|${entry.address}`));
    for (const item of addresses) {
      const network = item.network ?? item.currency;
      if (known.has(`${item.currency}|${network}|${item.address}`)) continue;
      await this.proposeAddress({ label: item.name || item.address, currency: item.currency, network, address: item.address });
    }
    return this.status();
  }

  /** The gate of the profile the team governs; null on a solo desk or for another profile. */
  gateFor(profileId: string, rates: (currencies: readonly string[], valuation: string) => Promise<Map<string, Decimal>>): WithdrawalGate | null {
    if (this.desk?.profileId !== profileId || this.connection === null) return null;
    const connection = this.connection;
    return createDeskGate({
      connection: () => connection,
      deskKey: async () => (await this.deps.signer()).info.publicKey,
      knownDeskKey: this.deps.knownKey,
      rates,
      now: this.now,
    });
  }

  /** The shared ledger claims of the profile the team governs; null on a solo desk or for another profile. */
  claimsFor(profileId: string): TeamClaims | null {
    if (this.desk?.profileId !== profileId || this.connection === null) return null;
    return teamClaimsOf(this.connection, async () => (await this.deps.signer()).info.publicKey, this.deps.knownKey);
  }

  audit(limit?: number): TeamAuditEntryView[] {
    const facts = this.connection?.facts;
    return facts === undefined ? [] : teamAudit(facts, limit);
  }

  /** The signed record of each withdrawal for exports; null on a solo desk. */
  proofs(): TeamProofSource | null {
    const facts = this.connection?.facts;
    return facts === undefined ? null : proofSource(facts);
  }

  /** The team's facts as this desk has read them; null on a solo desk. */
  get facts(): TeamFacts | null {
    return this.connection?.facts ?? null;
  }

  governs(profileId: string): boolean {
    return this.desk?.profileId === profileId;
  }

  async close(): Promise<void> {
    await this.connection?.close();
    this.connection = null;
  }

  private member(): TeamConnection {
    if (this.connection === null) throw new AppFailure('NOT_MEMBER', 'This desk is not in a team');
    return this.connection;
  }

  private async write<K extends EntryKind>(kind: K, body: EntryBodies[K]): Promise<TeamStatus> {
    const connection = this.member();
    await storeFailure(() => connection.sync());
    await storeFailure(() => connection.write(kind, body));
    return this.changed();
  }

  private changed(): TeamStatus {
    this.announce();
    return this.status();
  }

  /** The standing and reachability only: the whole status is built when a screen asks for it. */
  private announce(): void {
    const { connection, desk } = this;
    const key = this.deps.knownKey();
    if (connection === null || desk === null) return this.deps.changed({ state: 'solo', unreachable: null });
    const standing = key === null ? 'none' : connection.facts.standing(key);
    const state = standing === 'none' ? 'requested' : standing;
    this.deps.changed({ state, unreachable: connection.unreachable });
  }

  private openDb(server: TeamServer, password: string | null): TeamDb {
    return (this.deps.openDb ?? openTeamDb)(server, password);
  }

  private async onlyTeam(db: TeamDb): Promise<string> {
    const teams = await storeFailure(() => db.teams());
    if (teams.length === 0) throw new AppFailure('NO_TEAM', 'There is no team on this server yet: create one instead', 'action');
    if (teams.length > 1) throw new AppFailure('MANY_TEAMS', `This server holds ${teams.length} teams; use a database of its own for each team`, 'url');
    return (teams[0] as { teamId: string }).teamId;
  }

  private connectionFor(db: TeamDb, teamId: string): TeamConnection {
    return new TeamConnection({
      db, teamId, signer: this.deps.signer, now: this.now, retryMs: this.deps.retryMs,
      arrived: (entries) => this.notifyApprovers(entries),
      changed: () => this.announce(),
    });
  }

  /** A withdrawal another desk prepared, which this desk may approve, is announced on this desk. */
  private notifyApprovers(entries: readonly VerifiedEntry[]): void {
    const self = this.deps.knownKey();
    const facts = this.connection?.facts;
    if (self === null || facts === undefined) return;
    for (const entry of entries) {
      if (entry.status !== 'valid' || entry.kind !== 'withdrawal.prepared' || entry.author === self) continue;
      const { fields } = entry.body as EntryBodies['withdrawal.prepared'];
      const view = teamWithdrawalView(facts, fields.txId, self, this.now());
      if (view?.canApprove !== true) continue;
      this.deps.approvalWanted({ txId: fields.txId, preparedBy: view.preparedBy.name, currency: fields.currency, amount: fields.amount });
    }
  }
}
