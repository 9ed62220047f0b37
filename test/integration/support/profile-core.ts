// The active profile's domains as the app composes them (wallet, withdrawals, ledger, plus the
// audit log), without the profiles service or a transport: tests drive the handlers directly.
import type { AuditOperations } from '../../../preload/contract';
import { profileDomainHandlers } from '../../../main/core/app';
import { createAuditHandlers } from '../../../main/core/audit/handlers';
import type { Handlers } from '../../../main/core/dispatch';
import type { ProfileScope } from '../../../main/core/session/scope';
import { createScopes, type ScopesDeps } from '../../../main/core/session/scopes';

export interface ProfileCore {
  handlers: ReturnType<typeof profileDomainHandlers> & Pick<Handlers, keyof AuditOperations>;
  /** Opens the active profile's scope now (streams, uncertain checks, deadline watch). */
  activate(): Promise<void>;
  /** The active profile's scope, for what the contract does not reach (hooks between services). */
  scope(): Promise<ProfileScope>;
  close(): void;
}

export function openProfileCore(deps: ScopesDeps): ProfileCore {
  const scopes = createScopes(deps);
  const audit = createAuditHandlers(deps.audit, (progress) => deps.events.emit('auditVerifyProgress', progress));
  return { handlers: { ...profileDomainHandlers(scopes), ...audit }, activate: scopes.activate, scope: scopes.current, close: scopes.close };
}
