// THE contract between renderer and main: every operation by name with its request and result
// types, and every event main pushes. Both transports (Electron IPC and the web host's WebSocket)
// carry exactly this; main validates each request with the zod schemas in ./contract-schemas.ts.
import type { Result } from './contract/result';
import type { Profile, ProfileInput, ProfileUpdate, RightsCheck } from './contract/profiles';
import { PENDING_EVENT_NAMES, PENDING_OPERATION_NAMES, type PendingEvents, type PendingOperations } from './contract/pending';
import { WALLET_EVENT_NAMES, WALLET_OPERATION_NAMES, type WalletEvents, type WalletOperations } from './contract/wallet';

export type { AppError, Result } from './contract/result';
export * from './contract/profiles';
export * from './contract/wallet';
export * from './contract/pending';

type Op<Req, Res> = { request: Req; result: Res };

export interface Operations extends WalletOperations, PendingOperations {
  getAppInfo: Op<void, AppInfo>;
  listProfiles: Op<void, Profile[]>;
  createProfile: Op<ProfileInput, Profile>;
  updateProfile: Op<ProfileUpdate, Profile>;
  removeProfile: Op<{ id: string }, { removed: true }>;
  activateProfile: Op<{ id: string }, Profile>;
  /** Probes which rights the profile's key holds (read-only calls) and records them. */
  checkProfileRights: Op<{ id: string }, RightsCheck>;
  /** The latest state of every stream main runs (events only tell what changes after a page loads). */
  listStreamStates: Op<void, StreamState[]>;
}

export type OperationName = keyof Operations;
export type RequestOf<K extends OperationName> = Operations[K]['request'];
export type ResultOf<K extends OperationName> = Operations[K]['result'];

export const OPERATION_NAMES = [
  'getAppInfo',
  'listProfiles',
  'createProfile',
  'updateProfile',
  'removeProfile',
  'activateProfile',
  'checkProfileRights',
  'listStreamStates',
  ...WALLET_OPERATION_NAMES,
  ...PENDING_OPERATION_NAMES,
] as const satisfies readonly OperationName[];

export interface AppInfo {
  version: string;
  transport: 'electron' | 'web';
  activeProfileId: string | null;
  dataDir: string;
}

export interface StreamState {
  profileId: string;
  stream: string;
  state: 'connecting' | 'live' | 'down';
  detail?: string;
}

/** Events main pushes to the renderer. */
export interface Events extends WalletEvents, PendingEvents {
  profilesChanged: { activeProfileId: string | null };
  connectionState: StreamState;
}
export type EventName = keyof Events;
export const EVENT_NAMES = ['profilesChanged', 'connectionState', ...WALLET_EVENT_NAMES, ...PENDING_EVENT_NAMES] as const satisfies readonly EventName[];

/** What the renderer gets from bridge.ts, whatever the transport. */
export type CofferApi = {
  [K in OperationName]: RequestOf<K> extends void
    ? () => Promise<Result<ResultOf<K>>>
    : (request: RequestOf<K>) => Promise<Result<ResultOf<K>>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
};
