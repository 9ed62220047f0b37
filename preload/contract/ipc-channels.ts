// Electron IPC channel names for the contract: one invoke channel per operation, one channel for
// every pushed event. Shared by main/electron/ipc.ts and preload/index.ts.
import type { EventName, Events, OperationName } from '../contract';

export const operationChannel = (op: OperationName): `coffer:${OperationName}` => `coffer:${op}`;

export const EVENT_CHANNEL = 'coffer:event';

export interface IpcEventMessage<E extends EventName = EventName> {
  event: E;
  payload: Events[E];
}
