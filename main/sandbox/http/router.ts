// Route table with `:param` segments. Static paths are found by one map lookup; patterned ones by
// a scan of the routes with the same segment count.
import type { HttpMethod, RouteHandler, RouteRegistry, RouteRight } from './route';

export interface RouteEntry {
  method: HttpMethod;
  pattern: string;
  right: RouteRight;
  handler: RouteHandler;
  segments: readonly string[];
}

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

export class Router implements RouteRegistry {
  private readonly exact = new Map<string, RouteEntry>();
  private readonly patterned = new Map<number, RouteEntry[]>();

  add(method: HttpMethod, pattern: string, right: RouteRight, handler: RouteHandler): void {
    const segments = pattern.split('/').filter((s) => s !== '');
    const entry: RouteEntry = { method, pattern, right, handler, segments };
    if (!segments.some((s) => s.startsWith(':'))) {
      const key = `${method} /${segments.join('/')}`;
      if (this.exact.has(key)) throw new Error(`route registered twice: ${key}`);
      this.exact.set(key, entry);
      return;
    }
    const list = this.patterned.get(segments.length) ?? [];
    list.push(entry);
    this.patterned.set(segments.length, list);
  }

  match(method: string, path: string): RouteMatch | null {
    const segments = path.split('/').filter((s) => s !== '');
    const exact = this.exact.get(`${method} /${segments.join('/')}`);
    if (exact) return { route: exact, params: {} };
    for (const route of this.patterned.get(segments.length) ?? []) {
      if (route.method !== method) continue;
      const params = matchSegments(route.segments, segments);
      if (params) return { route, params };
    }
    return null;
  }
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] ?? '';
    const got = actual[i] ?? '';
    if (want.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(got);
      } catch {
        return null;
      }
      params[want.slice(1)] = value;
    } else if (want !== got) {
      return null;
    }
  }
  return params;
}
