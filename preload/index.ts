// The sandboxed preload: exposes the contract as `window.coffer`, one named method per operation
// plus `on(event, listener)` for the known events. Never ipcRenderer itself, never a generic invoke.
import { contextBridge, ipcRenderer } from 'electron';
import {
  EVENT_NAMES,
  type CofferApi,
  type EventName,
  type Events,
  type OperationName,
  type RequestOf,
  type Result,
  type ResultOf,
} from './contract';
import { EVENT_CHANNEL, operationChannel, type IpcEventMessage } from './contract/ipc-channels';

function call<K extends OperationName>(op: K, request?: RequestOf<K>): Promise<Result<ResultOf<K>>> {
  return ipcRenderer.invoke(operationChannel(op), request);
}

function on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
  if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new Error(`Unknown event: ${String(event)}`);
  // The IpcRendererEvent (with its sender) never reaches the page: only the payload does.
  const handler = (_ipcEvent: unknown, message: IpcEventMessage) => {
    if (message.event === event) listener(message.payload as Events[E]);
  };
  ipcRenderer.on(EVENT_CHANNEL, handler);
  return () => void ipcRenderer.removeListener(EVENT_CHANNEL, handler);
}

const api: CofferApi = {
  getAppInfo: () => call('getAppInfo'),
  listProfiles: () => call('listProfiles'),
  createProfile: (request) => call('createProfile', request),
  updateProfile: (request) => call('updateProfile', request),
  removeProfile: (request) => call('removeProfile', request),
  activateProfile: (request) => call('activateProfile', request),
  checkProfileRights: (request) => call('checkProfileRights', request),
  listStreamStates: () => call('listStreamStates'),
  getWalletOverview: (request) => call('getWalletOverview', request),
  listWalletCurrencies: () => call('listWalletCurrencies'),
  listDepositAddresses: (request) => call('listDepositAddresses', request),
  createDepositAddress: (request) => call('createDepositAddress', request),
  listRecentDepositAddresses: (request) => call('listRecentDepositAddresses', request),
  checkOwnAddress: (request) => call('checkOwnAddress', request),
  transferFunds: (request) => call('transferFunds', request),
  estimateWithdrawalFee: (request) => call('estimateWithdrawalFee', request),
  prepareWithdrawal: (request) => call('prepareWithdrawal', request),
  listApprovals: () => call('listApprovals'),
  commitWithdrawal: (request) => call('commitWithdrawal', request),
  rollbackWithdrawal: (request) => call('rollbackWithdrawal', request),
  listAudit: (request) => call('listAudit', request),
  exportAuditCsvChunk: (request) => call('exportAuditCsvChunk', request),
  verifyAudit: () => call('verifyAudit'),
  getServiceClock: () => call('getServiceClock'),
  listPendingMoves: () => call('listPendingMoves'),
  linkPendingMove: (request) => call('linkPendingMove', request),
  dismissPendingMove: (request) => call('dismissPendingMove', request),
  on,
};

contextBridge.exposeInMainWorld('coffer', api);
