// Sub-accounts as a master-account holder governs them, in one profile's scope: the list with
// statuses and permissions, balances (one account now, or all in the background), freezing,
// activating and permission changes with an outcome per account, deposit addresses, transfers
// with the master through the ledger, and sweeps planned before they are sent.
import type { PendingMoveView } from '../../../preload/contract/pending';
import type {
  AclChangeInput, AclChangeResult, SubAccountActionResult, SubAccountBalances, SubAccountList, SubAccountTotals,
  SubAccountTransferInput, SubAccountTransferResult, SweepInput, SweepPlan, SweepResult, SweepStepProgress,
} from '../../../preload/contract/subaccounts';
import type { DepositAddress } from '../../../preload/contract/wallet';
import type { Currency } from '../../exchange/domain';
import type { TreasuryApi } from '../../exchange/treasury-api';
import type { AuditLog } from '../audit/audit-log';
import { normalCode } from '../field-checks';
import type { PendingLedger } from '../pending/ledger';
import type { PendingStore } from '../pending/store';
import { serviceCall } from '../session/api-failure';
import type { ProfileRef } from '../session/ports';
import { precisionByCode } from '../wallet/balances';
import { AclEditor } from './acl';
import { StatusActions } from './actions';
import { Roster } from './roster';
import { Sweeps } from './sweep';
import { heldCurrencies, TotalsLoader, valueAccount, type RatesReader } from './totals';
import { SubAccountTransfers } from './transfer';

export interface SubAccountsNotices {
  totals(totals: SubAccountTotals, loaded: number, total: number): void;
  sweepStep(step: SweepStepProgress): void;
}

export interface SubAccountsDeps {
  api: TreasuryApi;
  audit: AuditLog;
  ledger: PendingLedger;
  /** The ledger's records, for the history of moves with one sub-account. */
  moves: Pick<PendingStore, 'toDestinations'>;
  profile: ProfileRef;
  notices: SubAccountsNotices;
  currencies(): Promise<Currency[]>;
  /** The wallet page's rates, so sub-accounts are valued exactly as the master is. */
  rates: RatesReader;
  /** Local clock for the sweep plans' lifetime (tests may replace it). */
  now?: () => number;
}

export class SubAccountsService {
  private readonly roster: Roster;
  private readonly totals: TotalsLoader;
  private readonly statuses: StatusActions;
  private readonly acl: AclEditor;
  private readonly transfers: SubAccountTransfers;
  private readonly sweeps: Sweeps;

  constructor(private readonly deps: SubAccountsDeps) {
    const { api, audit, profile, ledger } = deps;
    this.roster = new Roster(api);
    this.totals = new TotalsLoader(api.withPriority('background'), deps.rates, deps.notices.totals);
    this.statuses = new StatusActions({ api, audit, profile, roster: this.roster });
    this.acl = new AclEditor({ api, audit, profile, roster: this.roster });
    this.transfers = new SubAccountTransfers({ api, ledger, moves: deps.moves, profile, roster: this.roster, currencies: deps.currencies });
    this.sweeps = new Sweeps({ roster: this.roster, transfers: this.transfers, currencies: deps.currencies, notice: deps.notices.sweepStep, now: deps.now });
  }

  list(): Promise<SubAccountList> {
    return this.roster.list(this.deps.profile.id);
  }

  loadTotals(valuationCurrency: string): Promise<SubAccountTotals[]> {
    return serviceCall(() => this.totals.load(valuationCurrency));
  }

  async balances(id: string, valuationCurrency: string): Promise<SubAccountBalances> {
    const sub = await this.roster.find(id, 'id');
    const valuation = normalCode(valuationCurrency);
    const [balances, currencies] = await serviceCall(() => Promise.all([this.deps.api.subAccountBalances(sub.id), this.deps.currencies()]));
    const valued = valueAccount(balances, await this.deps.rates(heldCurrencies(balances), valuation), valuation);
    return {
      id: sub.id,
      valuationCurrency: valuation,
      ...valued,
      precision: precisionByCode(currencies),
      asOf: new Date().toISOString(),
    };
  }

  freeze(ids: readonly string[]): Promise<SubAccountActionResult[]> {
    return this.statuses.freeze(ids);
  }

  activate(ids: readonly string[]): Promise<SubAccountActionResult[]> {
    return this.statuses.activate(ids);
  }

  changeAcl(input: AclChangeInput): Promise<AclChangeResult[]> {
    return this.acl.change(input);
  }

  async address(id: string, currency: string, network?: string): Promise<DepositAddress> {
    const sub = await this.roster.find(id, 'id');
    const a = await serviceCall(() => this.deps.api.subAccountAddress(sub.id, normalCode(currency), network));
    return { currency: a.currency ?? null, address: a.address, paymentId: a.paymentId ?? null, networkCode: a.networkCode ?? null };
  }

  async transfer(input: SubAccountTransferInput): Promise<SubAccountTransferResult> {
    return (await this.transfers.transfer(input)).result;
  }

  transfersWith(id: string): PendingMoveView[] {
    return this.transfers.history(id.trim());
  }

  planSweep(input: SweepInput): Promise<SweepPlan> {
    return this.sweeps.plan(input);
  }

  runSweep(planId: string): Promise<SweepResult> {
    return this.sweeps.run(planId);
  }

  /** Scope close: a background load pushes nothing more, a running sweep sends nothing more. */
  close(): void {
    this.totals.close();
    this.sweeps.close();
  }
}
