// better-sqlite3's options for the files exports and reviews open, with the same native binding
// the rest of Coffer uses (main/db/sqlite.ts): the one given, else COFFER_SQLITE_BINDING.
import type Database from 'better-sqlite3';

export function bindingOptions(nativeBinding: string | undefined, options: Database.Options = {}): Database.Options {
  const binding = nativeBinding ?? process.env.COFFER_SQLITE_BINDING;
  return binding ? { ...options, nativeBinding: binding } : options;
}
