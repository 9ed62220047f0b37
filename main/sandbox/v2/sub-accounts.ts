import type { SandboxContext } from '../context';
import type { RouteRegistry } from '../http/route';

export function registerV2SubAccountRoutes(_routes: RouteRegistry, _ctx: SandboxContext): void {}
