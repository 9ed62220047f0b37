// The provider checkout pages the app may hand to the system browser: only those the service
// itself gave as an order's checkout_url. An https URL admits its host (the provider's site); a
// plain-http loopback URL (the built-in sandbox) admits only that exact origin's checkout paths.
// Likewise the block explorer pages of the service's currency list (crypto_explorer): an https
// template admits the pages of its host under the path before its {tx}.
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const CHECKOUT_PATH = /^\/checkout\/[0-9a-f]{32}$/;

export class CheckoutLinks {
  private readonly httpsHosts = new Set<string>();
  private readonly loopbackOrigins = new Set<string>();
  /** Explorer hosts → the path prefixes their templates put a transaction under. */
  private readonly explorerPages = new Map<string, Set<string>>();

  /** Remembers an explorer template of the currency list; one that is not https (or has no {tx}) is ignored. */
  registerExplorer(template: string | null | undefined): void {
    const at = template?.indexOf('{tx}') ?? -1;
    if (template === null || template === undefined || at < 0) return;
    const url = parse(template.slice(0, at));
    if (url === null || !isPlainHttps(url) || url.search !== '' || url.hash !== '') return;
    let prefixes = this.explorerPages.get(url.hostname);
    if (prefixes === undefined) this.explorerPages.set(url.hostname, (prefixes = new Set()));
    prefixes.add(url.pathname);
  }

  /** Remembers a checkout URL the service gave; anything else (another scheme, a remote http host) is ignored. */
  register(raw: string | null | undefined): void {
    const url = parse(raw);
    if (url === null || url.username !== '' || url.password !== '') return;
    if (url.protocol === 'https:' && (url.port === '' || url.port === '443')) {
      this.httpsHosts.add(url.hostname);
    } else if (isLoopbackCheckout(url)) {
      this.loopbackOrigins.add(url.origin);
    }
  }

  /** True when the URL is on a registered provider host, or a checkout page of a registered loopback origin. */
  admits(url: URL): boolean {
    if (url.username !== '' || url.password !== '') return false;
    if (url.protocol === 'https:') return isPlainHttps(url) && (this.httpsHosts.has(url.hostname) || this.isExplorerPage(url));
    return isLoopbackCheckout(url) && this.loopbackOrigins.has(url.origin);
  }

  private isExplorerPage(url: URL): boolean {
    const prefixes = this.explorerPages.get(url.hostname);
    if (prefixes === undefined) return false;
    return [...prefixes].some((prefix) => url.pathname.startsWith(prefix) && url.pathname.length > prefix.length);
  }
}

function isPlainHttps(url: URL): boolean {
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') && url.username === '' && url.password === '';
}

function isLoopbackCheckout(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && CHECKOUT_PATH.test(url.pathname) && url.search === '' && url.hash === '';
}

function parse(raw: string | null | undefined): URL | null {
  if (raw === null || raw === undefined) return null;
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
