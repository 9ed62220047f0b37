// Async team work. useTeamSync() is the one app-wide subscription: the status read whenever the
// link to main comes up, and again on every teamChanged (this desk's change or another desk's).
// useTeamActions() calls the team operations; each answers with the new status, which goes into
// the store, or with a refusal, which the caller shows on its field.
import type { AppError, Result } from '../../../../preload/contract';
import type { ConnectTeamInput, TeamPolicyInput, TeamStatus } from '../../../../preload/contract/team';
import { useBridge } from '../../bridge-key';
import { loadWhenReady } from '../connection/use-load-when-ready';
import { useTeamStore } from './team-store';

export interface TeamSync {
  /** Reads the status again. */
  load: () => Promise<void>;
}

export function useTeamSync(): TeamSync {
  const { api } = useBridge();
  const store = useTeamStore();

  async function load(): Promise<void> {
    const result = await api.getTeamStatus();
    if (result.ok) store.setStatus(result.value);
    else store.setLoadError(result.error);
  }

  if (store.syncing) return { load };
  store.setSyncing(true);
  // Detached: the subscription lives as long as the app, not as the page that started it.
  loadWhenReady(load, () => {
    api.on('teamChanged', () => void load());
  });
  return { load };
}

export interface AddressProposal {
  label: string;
  currency: string;
  network: string;
  address: string;
  paymentId?: string;
}

/** Every action answers null once done (the store holds the new status), else main's refusal. */
export interface TeamActions {
  connect: (input: ConnectTeamInput) => Promise<AppError | null>;
  retry: () => Promise<AppError | null>;
  admit: (publicKey: string, fingerprint: string) => Promise<AppError | null>;
  voteRemove: (publicKey: string, reason: string) => Promise<AppError | null>;
  leave: (reason: string) => Promise<AppError | null>;
  proposePolicy: (policy: TeamPolicyInput) => Promise<AppError | null>;
  approvePolicy: (version: number, proposal: string) => Promise<AppError | null>;
  proposeAddress: (entry: AddressProposal) => Promise<AppError | null>;
  approveAddress: (id: string) => Promise<AppError | null>;
  removeAddress: (id: string, reason: string) => Promise<AppError | null>;
  importWhitelist: () => Promise<AppError | null>;
}

export function useTeamActions(): TeamActions {
  const { api } = useBridge();
  const store = useTeamStore();

  async function apply(call: Promise<Result<TeamStatus>>): Promise<AppError | null> {
    const result = await call;
    if (!result.ok) return result.error;
    store.setStatus(result.value);
    return null;
  }

  return {
    connect: (input) => apply(api.connectTeam(input)),
    retry: () => apply(api.retryTeam()),
    admit: (publicKey, fingerprint) => apply(api.admitDesk({ publicKey, fingerprint: fingerprint.trim() })),
    voteRemove: (publicKey, reason) => apply(api.voteRemoveMember({ publicKey, reason: reason.trim() })),
    leave: (reason) => apply(api.leaveTeam({ reason: reason.trim() })),
    proposePolicy: (policy) => apply(api.proposePolicy(policy)),
    approvePolicy: (version, proposal) => apply(api.approvePolicy({ version, proposal })),
    proposeAddress: (entry) => apply(api.proposeAddress(entry)),
    approveAddress: (id) => apply(api.approveAddress({ id })),
    removeAddress: (id, reason) => apply(api.removeAddress({ id, reason: reason.trim() })),
    importWhitelist: () => apply(api.importWhitelist()),
  };
}
