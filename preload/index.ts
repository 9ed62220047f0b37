// The sandboxed preload: exposes the contract as `window.coffer`, one named method per operation
// (made from the contract's names list) plus `on(event, listener)` for the known events. Never
// ipcRenderer itself, never a generic invoke: a page can call only what the contract names.
import { contextBridge, ipcRenderer } from 'electron';
import { EVENT_NAMES, OPERATION_NAMES, type CofferApi, type EventName, type Events } from './contract';
import { EVENT_CHANNEL, operationChannel, type IpcEventMessage } from './contract/ipc-channels';

function on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
  if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new Error(`Unknown event: ${String(event)}`);
  // The IpcRendererEvent (with its sender) never reaches the page: only the payload does.
  const handler = (_ipcEvent: unknown, message: IpcEventMessage) => {
    if (message.event === event) listener(message.payload as Events[E]);
  };
  ipcRenderer.on(EVENT_CHANNEL, handler);
  return () => void ipcRenderer.removeListener(EVENT_CHANNEL, handler);
}

// Each method is bound to its own channel when the preload runs; the page cannot name another.
const methods = Object.fromEntries(
  OPERATION_NAMES.map((op) => {
    const channel = operationChannel(op);
    return [op, (request?: unknown) => ipcRenderer.invoke(channel, request)];
  }),
) as Omit<CofferApi, 'on'>;

const api: CofferApi = { ...methods, on };

contextBridge.exposeInMainWorld('coffer', api);
