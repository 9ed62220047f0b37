// The team audit: read for a member (never for a desk alone), again when the status changes, a
// slower older answer never replacing a newer one, and each verdict in words.
import { describe, expect, it } from 'vitest';
import type { TeamAuditEntryView } from '../../../../preload/contract/team';
import { fail, ok } from '../../../../preload/contract/result';
import { useTeamStore } from '../../../../renderer/src/modules/team/team-store';
import { verdictWords } from '../../../../renderer/src/modules/team/team-words';
import { AUDIT_LIMIT, useTeamAudit } from '../../../../renderer/src/modules/team/use-team-audit';
import { fakeBridge, settle, withSetup } from '../fake-bridge';
import { solo, status } from './fixtures';

const entry = (seq: number, verdict: TeamAuditEntryView['verdict'] = 'counted'): TeamAuditEntryView => ({
  seq, at: '2026-11-27T09:00:00.000Z', desk: 'Payments', kind: 'address.proposed', summary: `Entry ${seq}`, verdict, why: null,
});

describe('useTeamAudit', () => {
  it('reads the newest entries for a member only, and again when the status changes', async () => {
    let reads = 0;
    const fake = fakeBridge({ getTeamAudit: () => ok([entry(++reads)]) });
    const { result: audit } = withSetup(fake.bridge, () => useTeamAudit(), () => useTeamStore().setStatus(solo()));
    await settle();
    expect(fake.calls).toEqual([]);
    useTeamStore().setStatus(status());
    await settle();
    expect(audit.entries.value.map((e) => e.seq)).toEqual([1]);
    expect(fake.calls[0]?.request).toEqual({ limit: AUDIT_LIMIT });
    useTeamStore().setStatus(status({ joinRequests: [] }));
    await settle();
    expect(audit.entries.value.map((e) => e.seq)).toEqual([2]);
  });

  it('keeps the newer answer when an older read comes back last, and holds a failure', async () => {
    const releases: (() => void)[] = [];
    let n = 0;
    const fake = fakeBridge({
      getTeamAudit: () => {
        const mine = ++n;
        return new Promise((resolve) => releases.push(() => resolve(ok([entry(mine)]))));
      },
    });
    const { result: audit } = withSetup(fake.bridge, () => useTeamAudit(), () => useTeamStore().setStatus(status()));
    useTeamStore().setStatus(status({ members: [] }));
    await settle();
    releases[1]?.();
    await settle();
    releases[0]?.();
    await settle();
    expect(audit.entries.value.map((e) => e.seq)).toEqual([2]);
    fake.answer('getTeamAudit', () => fail('TEAM_UNREACHABLE', 'The team’s server did not answer.'));
    await audit.load();
    expect(audit.error.value?.code).toBe('TEAM_UNREACHABLE');
    expect(audit.entries.value.map((e) => e.seq)).toEqual([2]);
  });

  it('words every verdict', () => {
    expect(verdictWords('tampered')).toEqual({ label: 'Tampered: not counted', tone: 'error' });
    expect(verdictWords('notMember').tone).toBe('warning');
    expect(verdictWords('counted').label).toBe('Counted');
    expect(verdictWords('ignored').label).toBe('Changed nothing');
  });
});
