import type { SandboxContext } from '../context';
import type { RouteRegistry } from '../http/route';
import type { SpotEngine } from '../spot/engine';

export function registerV2AccountRoutes(_routes: RouteRegistry, _ctx: SandboxContext, _engine: SpotEngine): void {}
