// The team desk: several Coffer desks on one account share a PostgreSQL store holding their
// members, a spending policy, an address book, four-eyes approvals of withdrawals and one signed
// audit chain. A desk alone is "solo" and needs no server. Every amount is a decimal string.
import { z } from 'zod';
import { changes, noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';
import { visibleText } from './profile-schemas';

export interface SpendingTier {
  /** Highest value (reference currency, inclusive) this tier covers; null: no upper bound. */
  upTo: string | null;
  /** How many desks other than the preparing one must approve. */
  approvals: number;
}

export interface CurrencyCap {
  currency: string;
  /** Most that may be prepared in any rolling 24 hours, in the currency itself. */
  amount: string;
}

export interface TeamPolicy {
  /** 1 for the team's first policy; each approved change is the next number. */
  version: number;
  /** The currency tiers and the team cap are valued in (e.g. USDT), at the service's price rates. */
  referenceCurrency: string;
  /** Ascending by upTo; a value above the last tier's upTo is refused at prepare (the ceiling). */
  tiers: SpendingTier[];
  currencyCaps: CurrencyCap[];
  /** Rolling 24-hour cap for the whole team in the reference currency; null: none. */
  teamDailyCap: string | null;
  /** Withdrawals may go only to usable address-book entries. */
  addressBookOnly: boolean;
  /** Hours a new address-book entry waits after it was proposed before it may be used. */
  coolDownHours: number;
}

export type TeamPolicyInput = Omit<TeamPolicy, 'version'>;

export interface DeskView {
  publicKey: string;
  /** SHA-256 of the public key, upper-case hex in groups of four: compared aloud before admitting. */
  fingerprint: string;
  name: string;
}

export interface MemberView extends DeskView {
  since: string;
  /** Who admitted it (null for the founder). */
  admittedBy: string | null;
  /** Names of members who voted to remove it (two remove it). */
  removalVotes: string[];
  self: boolean;
}

export interface JoinRequestView extends DeskView {
  at: string;
}

export interface PolicyChangeView {
  /** Which proposal this is (its entry's hash): an approval names it, so it never counts for one not seen. */
  proposal: string;
  policy: TeamPolicy;
  proposedBy: string;
  proposedAt: string;
  /** Whether this desk may approve it (only a member other than the proposer). */
  canApprove: boolean;
  /** Why it may not, in words; null when it may. */
  whyNot: string | null;
}

export type AddressState = 'awaitingApproval' | 'coolingDown' | 'usable' | 'removed';

export interface AddressEntryView {
  id: string;
  label: string;
  currency: string;
  network: string;
  address: string;
  paymentId: string | null;
  proposedBy: string;
  proposedAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
  /** proposedAt + the cool-down: before it the entry cannot be used. */
  usableFrom: string;
  state: AddressState;
  canApprove: boolean;
  /** Why this desk may not approve it while it waits, in words; null otherwise. */
  whyNot: string | null;
}

export interface TamperedEntryView {
  seq: number;
  kind: string;
  /** The author's name when the key is known, else its fingerprint. */
  author: string;
  why: string;
}

export interface SpendingView {
  currency: string;
  /** Prepared (and not rejected or expired) in the last 24 hours. */
  used: string;
  cap: string;
}

export type TeamState =
  /** No team: withdrawals need no second desk. */
  | 'solo'
  /** Asked to join; waiting for a member to admit this desk. */
  | 'requested'
  | 'member'
  /** Removed by two members, or left: team rows no longer count. */
  | 'removed';

export interface TeamStatus {
  state: TeamState;
  /** The store cannot be reached right now: prepare and approve are refused until it can. */
  unreachable: string | null;
  /** user@host:port/database — never the password. */
  server: string | null;
  /** The profile whose withdrawals the team governs. */
  profileId: string | null;
  team: { id: string; name: string } | null;
  desk: DeskView | null;
  members: MemberView[];
  joinRequests: JoinRequestView[];
  policy: TeamPolicy | null;
  pendingPolicy: PolicyChangeView | null;
  addressBook: AddressEntryView[];
  spending: SpendingView[];
  tampered: TamperedEntryView[];
}

/** A withdrawal's four-eyes record, as the approvals queue shows it. */
export interface TeamWithdrawalView {
  preparedBy: { name: string; at: string };
  reason: string;
  policyVersion: number;
  referenceValue: string;
  referenceCurrency: string;
  approvalsNeeded: number;
  approvals: { name: string; at: string }[];
  /** Plain words: "1 more approval by a desk other than Payments". Empty once enough. */
  stillNeeds: string;
  canApprove: boolean;
  /** Why this desk may not approve (it prepared it, already approved, not a member, store unreachable). */
  whyNot: string | null;
  committedBy: { name: string; at: string } | null;
  rejectedBy: { name: string; at: string; reason: string } | null;
}

/** One entry of the team's audit chain, in words. */
export interface TeamAuditEntryView {
  seq: number;
  at: string;
  /** The writing desk's name (or its fingerprint's start when no entry named it). */
  desk: string;
  kind: string;
  /** What it records: "Prepared 0.5 BTC to bc1q… (Supplier invoice)". */
  summary: string;
  /** 'counted'; 'tampered' (changed, inserted or mis-signed); 'notMember'; 'ignored' (changed nothing). */
  verdict: 'counted' | 'tampered' | 'notMember' | 'ignored';
  why: string | null;
}

export interface ConnectTeamInput {
  /** postgres://user@host:port/database?sslmode=verify-full — no password in it. */
  url: string;
  password?: string;
  deskName: string;
  /** 'create' makes a new team with this desk as its first member; 'join' asks to join the team there. */
  action: 'create' | 'join';
  teamName?: string;
  referenceCurrency?: string;
}

export interface TeamOperations {
  getTeamStatus: Op<void, TeamStatus>;
  connectTeam: Op<ConnectTeamInput, TeamStatus>;
  /** Tries the store again after it was unreachable. */
  retryTeam: Op<void, TeamStatus>;
  admitDesk: Op<{ publicKey: string; fingerprint: string }, TeamStatus>;
  voteRemoveMember: Op<{ publicKey: string; reason: string }, TeamStatus>;
  leaveTeam: Op<{ reason: string }, TeamStatus>;
  proposePolicy: Op<TeamPolicyInput, TeamStatus>;
  approvePolicy: Op<{ version: number; proposal: string }, TeamStatus>;
  proposeAddress: Op<{ label: string; currency: string; network: string; address: string; paymentId?: string }, TeamStatus>;
  approveAddress: Op<{ id: string }, TeamStatus>;
  removeAddress: Op<{ id: string; reason: string }, TeamStatus>;
  /** Proposes every entry of the service's withdrawal white-list not in the book yet. */
  importWhitelist: Op<void, TeamStatus>;
  /** The team's audit chain as this desk verified it, newest first. */
  getTeamAudit: Op<{ limit?: number }, TeamAuditEntryView[]>;
}

const decimalText = (field: string) => z.string().trim().regex(/^\d+(\.\d+)?$/, `${field} must be a positive number`);
const words = (field: string, max: number) => z.string().trim().min(1, `Enter ${field}`).max(max, `${field} is too long`).superRefine(visibleText(field));

const policyInput = z.object({
  referenceCurrency: z.string().trim().min(1, 'Choose the reference currency').max(16),
  tiers: z.array(z.object({ upTo: decimalText('upTo').nullable(), approvals: z.number().int().min(1, 'A tier needs at least one approval').max(10) }).strict())
    .min(1, 'Give at least one tier').max(10),
  currencyCaps: z.array(z.object({ currency: z.string().trim().min(1).max(16), amount: decimalText('amount') }).strict()).max(100),
  teamDailyCap: decimalText('teamDailyCap').nullable(),
  addressBookOnly: z.boolean(),
  coolDownHours: z.number().min(0, 'coolDownHours cannot be negative').max(24 * 30),
}).strict();

export const TEAM_OPERATIONS = {
  getTeamStatus: reads(noPayload),
  connectTeam: changes(z.object({
    url: z.string().trim().min(1, 'Enter the server address').max(1000, 'url is too long'),
    password: z.string().max(1000, 'password is too long').optional(),
    deskName: words('the desk name', 80),
    action: z.enum(['create', 'join']),
    teamName: words('the team name', 80).optional(),
    referenceCurrency: z.string().trim().min(1).max(16).optional(),
  }).strict()),
  retryTeam: changes(noPayload),
  admitDesk: changes(z.object({ publicKey: z.string().trim().min(1).max(100), fingerprint: z.string().trim().min(1, 'Enter the fingerprint the desk shows').max(200) }).strict()),
  voteRemoveMember: changes(z.object({ publicKey: z.string().trim().min(1).max(100), reason: words('a reason', 500) }).strict()),
  leaveTeam: changes(z.object({ reason: words('a reason', 500) }).strict()),
  proposePolicy: changes(policyInput),
  approvePolicy: changes(z.object({ version: z.number().int().min(1), proposal: z.string().trim().regex(/^[0-9a-f]{64}$/, 'proposal must be the proposal\'s hash') }).strict()),
  proposeAddress: changes(z.object({
    label: words('a label', 80),
    currency: z.string().trim().min(1, 'Choose a currency').max(16),
    network: z.string().trim().min(1, 'Choose a network').max(32),
    address: words('the address', 256),
    paymentId: z.string().trim().max(256).superRefine(visibleText('The payment id')).optional(),
  }).strict()),
  approveAddress: changes(z.object({ id: z.string().trim().min(1).max(100) }).strict()),
  removeAddress: changes(z.object({ id: z.string().trim().min(1).max(100), reason: words('a reason', 500) }).strict()),
  importWhitelist: changes(noPayload),
  getTeamAudit: reads(z.object({ limit: z.number().int().min(1).max(10_000).optional() }).strict()),
} as const satisfies OperationSpecs<TeamOperations>;

export interface TeamEvents {
  /** The team's entries changed (this desk or another): status and the approvals queue are stale. */
  teamChanged: { state: TeamState; unreachable: string | null };
  /** Another desk prepared a withdrawal this desk may approve. */
  teamApprovalWanted: { txId: string; preparedBy: string; currency: string; amount: string };
}

export const TEAM_EVENTS = { teamChanged: true, teamApprovalWanted: true } as const satisfies EventList<TeamEvents>;
