// Profiles created at once under one name: the name check and the insert are apart (the secret is
// stored between them), so every call passes the check; all but one are refused on the name, with
// the database's unique index as the judge.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core/app';
import { memorySecrets } from '../../integration/support/memory-secrets';

let root: string | undefined;
let core: Core | undefined;

afterEach(async () => {
  await core?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

it('refuses all but one of simultaneous creates with the same name, on the name field', async () => {
  root = mkdtempSync(join(tmpdir(), 'coffer-names-'));
  const secrets = memorySecrets();
  core = await createCore({ dataDir: join(root, 'data'), transport: 'web', secrets });
  const input = (publicKey: string) => ({
    name: 'Treasury', apiVersion: '3', restUrl: 'https://api.example.com', streamUrl: 'wss://stream.example.com',
    authMethod: 'HS256', publicKey, secretKey: `secret-${publicKey}`,
  });
  const keys = ['pk1', 'pk2', 'pk3'];
  const answers = await Promise.all(keys.map((key) => core!.dispatch('createProfile', input(key))));
  const accepted = keys.filter((_, index) => answers[index]?.ok);
  expect(accepted).toHaveLength(1);
  for (const refused of answers.filter((answer) => !answer.ok)) {
    expect(refused).toEqual({ ok: false, error: { code: 'VALIDATION', message: 'A profile named “Treasury” already exists', field: 'name' } });
  }
  const listed = await core.dispatch('listProfiles', undefined);
  expect(listed).toMatchObject({ ok: true, value: [{ name: 'Treasury', publicKey: accepted[0] }] });
  const saved = listed.ok ? (listed.value as { id: string }[])[0] : undefined;
  expect(await secrets.get(`profile:${saved?.id}`)).toBe(`secret-${accepted[0]}`);
});
