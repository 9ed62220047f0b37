import type { RouteRegistry } from '../http/route';
import type { Market } from '../market';

export function registerV2PublicRoutes(_routes: RouteRegistry, _market: Market): void {}
