// The contract between renderer and main: every operation by name with its request and result
// types, and every event main pushes. Each domain declares its own part in preload/contract/<domain>.ts
// (operations, events, result types and request schemas together); this file joins them. Both
// transports (Electron IPC and the web host's WebSocket) carry exactly this.
import type { Result } from './contract/result';
import { BUY_CRYPTO_EVENTS, BUY_CRYPTO_OPERATIONS, type BuyCryptoEvents, type BuyCryptoOperations } from './contract/buycrypto';
import {
  EXPORT_FOLDER_OPERATIONS, EXPORT_KEY_OPERATIONS, HISTORY_EVENTS, HISTORY_EXPORT_OPERATIONS, HISTORY_OPERATIONS, REVIEW_OPERATIONS,
  type ExportFolderOperations, type ExportKeyOperations, type HistoryEvents, type HistoryExportOperations, type HistoryOperations, type ReviewOperations,
} from './contract/history';
import { AUDIT_EVENTS, AUDIT_OPERATIONS, type AuditEvents, type AuditOperations } from './contract/audit';
import { namesOf, type OperationSpecs } from './contract/operation';
import {
  MARKET_OPERATIONS, PORTFOLIO_EVENTS, PORTFOLIO_EXPORT_OPERATIONS, PORTFOLIO_OPERATIONS,
  type MarketOperations, type PortfolioEvents, type PortfolioExportOperations, type PortfolioOperations,
} from './contract/portfolio';
import { ORDER_EVENTS, ORDER_OPERATIONS, type OrderEvents, type OrderOperations } from './contract/orders';
import { PENDING_EVENTS, PENDING_OPERATIONS, type PendingEvents, type PendingOperations } from './contract/pending';
import { PROFILE_OPERATIONS, type ProfileOperations } from './contract/profiles';
import { SHELL_EVENTS, SHELL_OPERATIONS, type ShellEvents, type ShellOperations } from './contract/shell';
import { SUB_ACCOUNT_EVENTS, SUB_ACCOUNT_OPERATIONS, type SubAccountEvents, type SubAccountOperations } from './contract/subaccounts';
import { TRANSFER_EVENTS, TRANSFER_OPERATIONS, type TransferEvents, type TransferOperations } from './contract/transfers';
import { WALLET_EVENTS, WALLET_OPERATIONS, type WalletEvents, type WalletOperations } from './contract/wallet';
import { TEAM_EVENTS, TEAM_OPERATIONS, type TeamEvents, type TeamOperations } from './contract/team';
import { WITHDRAWAL_EVENTS, WITHDRAWAL_OPERATIONS, type WithdrawalEvents, type WithdrawalOperations } from './contract/withdrawals';

export type { AppError, Result } from './contract/result';
export * from './contract/audit';
export * from './contract/buycrypto';
export * from './contract/history';
export * from './contract/orders';
export * from './contract/pending';
export * from './contract/portfolio';
export * from './contract/profiles';
export * from './contract/shell';
export * from './contract/subaccounts';
export * from './contract/transfers';
export * from './contract/wallet';
export * from './contract/team';
export * from './contract/withdrawals';

export interface Operations
  extends ShellOperations,
    ProfileOperations,
    WalletOperations,
    TransferOperations,
    SubAccountOperations,
    BuyCryptoOperations,
    HistoryOperations,
    HistoryExportOperations,
    ExportKeyOperations,
    ExportFolderOperations,
    ReviewOperations,
    PortfolioOperations,
    PortfolioExportOperations,
    MarketOperations,
    WithdrawalOperations,
    AuditOperations,
    PendingOperations,
    TeamOperations,
    OrderOperations {}

/** Every operation's request schema and class (read or change), by name. */
export const OPERATIONS: OperationSpecs<Operations> = {
  ...SHELL_OPERATIONS,
  ...PROFILE_OPERATIONS,
  ...WALLET_OPERATIONS,
  ...TRANSFER_OPERATIONS,
  ...SUB_ACCOUNT_OPERATIONS,
  ...BUY_CRYPTO_OPERATIONS,
  ...HISTORY_OPERATIONS,
  ...HISTORY_EXPORT_OPERATIONS,
  ...EXPORT_KEY_OPERATIONS,
  ...EXPORT_FOLDER_OPERATIONS,
  ...REVIEW_OPERATIONS,
  ...PORTFOLIO_OPERATIONS,
  ...PORTFOLIO_EXPORT_OPERATIONS,
  ...MARKET_OPERATIONS,
  ...WITHDRAWAL_OPERATIONS,
  ...AUDIT_OPERATIONS,
  ...PENDING_OPERATIONS,
  ...TEAM_OPERATIONS,
  ...ORDER_OPERATIONS,
};

export type OperationName = keyof Operations;
export type RequestOf<K extends OperationName> = Operations[K]['request'];
export type ResultOf<K extends OperationName> = Operations[K]['result'];

export const OPERATION_NAMES: readonly OperationName[] = namesOf(OPERATIONS);

/** Events main pushes to the renderer. */
export interface Events extends ShellEvents, WalletEvents, TransferEvents, SubAccountEvents, BuyCryptoEvents, HistoryEvents, PortfolioEvents, WithdrawalEvents, AuditEvents, PendingEvents, TeamEvents, OrderEvents {}
export type EventName = keyof Events;

export const EVENT_NAMES: readonly EventName[] = namesOf({
  ...SHELL_EVENTS,
  ...WALLET_EVENTS,
  ...TRANSFER_EVENTS,
  ...SUB_ACCOUNT_EVENTS,
  ...BUY_CRYPTO_EVENTS,
  ...HISTORY_EVENTS,
  ...PORTFOLIO_EVENTS,
  ...WITHDRAWAL_EVENTS,
  ...AUDIT_EVENTS,
  ...PENDING_EVENTS,
  ...TEAM_EVENTS,
  ...ORDER_EVENTS,
} as const satisfies { [E in EventName]: true });

/** What the renderer gets from bridge.ts, whatever the transport. */
export type CofferApi = {
  [K in OperationName]: RequestOf<K> extends void
    ? () => Promise<Result<ResultOf<K>>>
    : (request: RequestOf<K>) => Promise<Result<ResultOf<K>>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
};
