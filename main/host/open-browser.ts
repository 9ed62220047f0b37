// Opens a URL in the user's default browser. Best effort: a missing opener is ignored, since the
// URL is printed anyway.
import { spawn } from 'node:child_process';

export function browserCommand(url: string, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  // `start` is a cmd builtin; the empty argument is the window title it would otherwise take from
  // the URL, and cmd's own metacharacter & must be escaped.
  if (platform === 'win32') return ['cmd', ['/c', 'start', '', url.replaceAll('&', '^&')]];
  return ['xdg-open', [url]];
}

export function openBrowser(url: string): void {
  const [command, args] = browserCommand(url);
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener on this machine: the printed URL is enough.
  }
}
