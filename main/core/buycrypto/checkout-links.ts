// The provider checkout pages the app may hand to the system browser: only those the service
// itself gave as an order's checkout_url. An https URL admits its host (the provider's site); a
// plain-http loopback URL (the built-in sandbox) admits only that exact origin's checkout paths.
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const CHECKOUT_PATH = /^\/checkout\/[0-9a-f]{32}$/;

export class CheckoutLinks {
  private readonly httpsHosts = new Set<string>();
  private readonly loopbackOrigins = new Set<string>();

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
    if (url.protocol === 'https:') return (url.port === '' || url.port === '443') && this.httpsHosts.has(url.hostname);
    return isLoopbackCheckout(url) && this.loopbackOrigins.has(url.origin);
  }
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
