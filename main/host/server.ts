// The web host with a call gate of its own in front of a dispatch (tests and embedders); the web
// host's entry builds its gate itself once the core is loaded (see cli.ts).
import { createCallGate, type CallGate } from '../core/call-gate';
import type { Dispatch } from '../core/dispatch';
import type { EventBus } from '../core/events';
import { startWebServer, type RunningHost, type WebServerOptions } from './web-server';

export type { RunningHost } from './web-server';
export { upgradeRefusal } from './web-server';

export interface HostOptions extends Omit<WebServerOptions, 'gate' | 'events'> {
  dispatch: Dispatch;
  /** Back-pressure in front of dispatch, shared by every socket; a default one when omitted. */
  gate?: CallGate;
  events: EventBus;
}

export function startHost(options: HostOptions): Promise<RunningHost> {
  return startWebServer({ ...options, gate: options.gate ?? createCallGate(options.dispatch) });
}
