// Where Coffer keeps its files: COFFER_DATA_DIR when set (tests, side-by-side installs),
// otherwise the platform's application-data directory + /Coffer.
import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

export function resolveDataDir(env: Env = process.env, platform: NodeJS.Platform = process.platform): string {
  const override = env.COFFER_DATA_DIR?.trim();
  if (override) return override;
  return join(platformAppDataDir(env, platform), 'Coffer');
}

function platformAppDataDir(env: Env, platform: NodeJS.Platform): string {
  const home = env.HOME ?? homedir();
  if (platform === 'win32') return env.APPDATA ?? join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME?.trim() || join(home, '.config');
}
