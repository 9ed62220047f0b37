// better-sqlite3's options for the files exports and reviews open, with the same native binding
// the rest of Coffer uses (main/native/native-addons.ts): the one given, else COFFER_SQLITE_BINDING,
// else the running runtime's build.
import type Database from 'better-sqlite3';
import { sqliteNativeBinding } from '../../native/native-addons';

export function bindingOptions(nativeBinding: string | undefined, options: Database.Options = {}): Database.Options {
  const binding = sqliteNativeBinding(nativeBinding);
  return binding === undefined ? options : { ...options, nativeBinding: binding };
}
