// A stand-in for the parts of Electron the shell uses, for what cannot run here (no Electron
// binary): it records registrations so the tests can drive them like Electron would.
import { vi } from 'vitest';

type Listener = (...args: never[]) => unknown;

export class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }
  fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => unknown)(...args);
  }
}

export const ipcHandlers = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>();

/** What the shell hands to the system browser. */
export const openExternalSpy = vi.fn(async (_url: string) => undefined);

export const fakeElectron = {
  ipcMain: {
    handle: vi.fn((channel: string, handler: (event: unknown, payload: unknown) => Promise<unknown>) => {
      if (ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`);
      ipcHandlers.set(channel, handler);
    }),
    removeHandler: vi.fn((channel: string) => ipcHandlers.delete(channel)),
  },
  shell: { openExternal: openExternalSpy },
};

export class FakeWebContents extends FakeEmitter {
  sent: [string, unknown][] = [];
  destroyed = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  isDestroyed = () => this.destroyed;
  send(channel: string, message: unknown): void {
    this.sent.push([channel, message]);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

export class FakeSession {
  headersListener: ((details: { responseHeaders?: Record<string, string[]> }, cb: (r: unknown) => void) => void) | null = null;
  permissionRequest: ((wc: unknown, permission: string, cb: (granted: boolean) => void, details: { requestingUrl: string }) => void) | null = null;
  permissionCheck: ((...args: unknown[]) => boolean) | null = null;
  webRequest = {
    onHeadersReceived: (listener: FakeSession['headersListener']) => {
      this.headersListener = listener;
    },
  };
  setPermissionRequestHandler(handler: FakeSession['permissionRequest']): void {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['permissionCheck']): void {
    this.permissionCheck = handler;
  }
}
