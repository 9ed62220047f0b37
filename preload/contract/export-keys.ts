// Where exports go and who signs them: the export folders, this installation's signing key and
// the desks it trusts. None of it depends on a profile; the history contract re-exports it.

/** Where an export may be written. */
export interface ExportFolderChoices {
  /** Coffer's export folder (settings, else COFFER_EXPORT_DIR, else <data dir>/exports). */
  defaultFolder: string;
  /** Folders the user chose in the folder dialog since the app started. */
  chosen: string[];
  /** Whether chooseExportFolder can show a folder dialog (the desktop app; not the browser). */
  canChoose: boolean;
}

/** The installation's export signing key (Ed25519): only its public half ever leaves main. */
export interface SigningKeyInfo {
  /** SHA-256 of the raw public key, upper-case hex in groups of four. */
  fingerprint: string;
  /** The raw 32-byte public key, base64. */
  publicKey: string;
  createdAt: string;
}

/** A desk whose exports this installation accepts as signed by someone known. */
export interface TrustedKey {
  fingerprint: string;
  publicKey: string;
  label: string;
  /** True for this installation's own key (it cannot be removed). */
  own: boolean;
  addedAt: string;
}
