// The ONLY file that touches ipcMain (lint enforces it). Every operation gets one handler that
// first checks the sender frame is our own renderer, then hands the raw payload to dispatch,
// which validates it. Events from core are forwarded to the window on one channel.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { OPERATION_NAMES, type Result } from '../../preload/contract';
import { EVENT_CHANNEL, operationChannel, type IpcEventMessage } from '../../preload/contract/ipc-channels';
import type { Dispatch } from '../core/dispatch';
import type { EventBus } from '../core/events';
import { isOwnRendererUrl, type RendererLocation } from './policy';

const FOREIGN_SENDER: Result<never> = {
  ok: false,
  error: { code: 'FORBIDDEN', message: 'Only the Coffer window may call the app' },
};

/** Registers one handler per operation; returns a function that removes them all. */
export function registerContractHandlers(dispatch: Dispatch, renderer: RendererLocation): () => void {
  for (const op of OPERATION_NAMES) {
    ipcMain.handle(operationChannel(op), async (event: IpcMainInvokeEvent, payload: unknown) => {
      const senderUrl = event.senderFrame?.url ?? '';
      if (!isOwnRendererUrl(senderUrl, renderer)) {
        console.warn(`[ipc] refused ${op} from a foreign frame`);
        return FOREIGN_SENDER;
      }
      return dispatch(op, payload);
    });
  }
  return () => OPERATION_NAMES.forEach((op) => ipcMain.removeHandler(operationChannel(op)));
}

/** Pushes every core event to `contents` until it is destroyed; returns the unsubscribe. */
export function forwardEvents(events: EventBus, contents: WebContents): () => void {
  const unsubscribe = events.subscribe((event, payload) => {
    if (contents.isDestroyed()) return;
    const message: IpcEventMessage = { event, payload };
    contents.send(EVENT_CHANNEL, message);
  });
  contents.once('destroyed', unsubscribe);
  return unsubscribe;
}
