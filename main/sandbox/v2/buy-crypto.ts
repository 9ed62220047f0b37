import type { SandboxContext } from '../context';
import type { RouteRegistry } from '../http/route';

export function registerV2BuyCryptoRoutes(_routes: RouteRegistry, _ctx: SandboxContext): void {}
