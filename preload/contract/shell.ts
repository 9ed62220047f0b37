// The shell's own operations and events: what the app is and where its data lives, which profile
// is active, and the state of every stream main runs.
import { noPayload, reads, type EventList, type Op, type OperationSpecs } from './operation';

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

export interface ShellOperations {
  getAppInfo: Op<void, AppInfo>;
  /** The latest state of every stream main runs (events only tell what changes after a page loads). */
  listStreamStates: Op<void, StreamState[]>;
}

export const SHELL_OPERATIONS = {
  getAppInfo: reads(noPayload),
  listStreamStates: reads(noPayload),
} as const satisfies OperationSpecs<ShellOperations>;

export interface ShellEvents {
  profilesChanged: { activeProfileId: string | null };
  connectionState: StreamState;
}

export const SHELL_EVENTS = { profilesChanged: true, connectionState: true } as const satisfies EventList<ShellEvents>;
