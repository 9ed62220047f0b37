// Editing the permissions (ACL) of sub-accounts: the draft, the before → after preview for the
// accounts chosen, the call with only the settings changed, and one outcome per account. A
// refusal that names a field stays on that field.
import { computed, reactive, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AclChangeResult, SubAccountRow } from '../../../../preload/contract';
import { appErrorText } from '../../../../preload/contract/result';
import { useBridge } from '../../bridge-key';
import { aclChangeInput, aclPreview, changedCount, descriptionProblem, emptyAclDraft, type AclDraft, type AclPreviewRow } from './acl-diff';
import { useSubAccountList } from './use-subaccounts';

export interface AclEdit {
  draft: AclDraft;
  preview: ComputedRef<AclPreviewRow[]>;
  /** Editable accounts the draft would change. */
  changing: ComputedRef<number>;
  descriptionError: ComputedRef<string | undefined>;
  /** A refusal of the whole call that names no setting. */
  failure: Ref<string | null>;
  busy: Ref<boolean>;
  results: Ref<AclChangeResult[] | null>;
  canApply: ComputedRef<boolean>;
  apply: () => Promise<void>;
  reset: (rows: SubAccountRow[]) => void;
}

export function useAclEdit(): AclEdit {
  const { api } = useBridge();
  const reloadList = useSubAccountList();
  const draft = reactive<AclDraft>(emptyAclDraft());
  const rows = ref<SubAccountRow[]>([]);
  const busy = ref(false);
  const failure = ref<string | null>(null);
  const serverDescriptionError = ref<string | null>(null);
  const results = ref<AclChangeResult[] | null>(null);

  const preview = computed(() => aclPreview(rows.value, draft));
  const changing = computed(() => changedCount(preview.value));
  const descriptionError = computed(() => serverDescriptionError.value ?? descriptionProblem(draft));
  watch(() => draft.description, () => (serverDescriptionError.value = null));
  const canApply = computed(() => !busy.value && changing.value > 0 && descriptionError.value === undefined);

  async function apply(): Promise<void> {
    const input = aclChangeInput(preview.value, draft);
    if (!canApply.value || input === null) return;
    busy.value = true;
    failure.value = null;
    serverDescriptionError.value = null;
    const result = await api.setSubAccountAcl(input);
    if (result.ok) {
      results.value = result.value;
      await reloadList();
    } else if (result.error.field === 'description') {
      serverDescriptionError.value = appErrorText(result.error);
    } else {
      failure.value = appErrorText(result.error);
      // A refusal may come from an account frozen or gone meanwhile: show the statuses as they are now.
      await reloadList();
    }
    busy.value = false;
  }

  function reset(next: SubAccountRow[]): void {
    Object.assign(draft, emptyAclDraft());
    rows.value = next;
    results.value = null;
    failure.value = null;
    serverDescriptionError.value = null;
  }

  return { draft, preview, changing, descriptionError, failure, busy, results, canApply, apply, reset };
}
