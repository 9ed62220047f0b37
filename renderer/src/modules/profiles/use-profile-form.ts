// The profile form's state and its submit: check locally, send, and put main's answer where it
// belongs (a field, or the alert). The secret lives only in the draft and is wiped on close.
import { computed, reactive, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { AppError, Profile, SavedProfile } from '../../../../preload/contract';
import { blankDraft, draftFromProfile, placeError } from './profile-draft';
import {
  checkProfileDraft,
  PROFILE_FIELDS,
  secretRuleFor,
  type FieldErrors,
  type ProfileDraft,
  type ProfileField,
  type SecretRule,
} from './profile-validation';
import { useProfiles } from './use-profiles';

export type ProfileFormMode = 'create' | 'edit';

export interface ProfileForm {
  visible: Ref<boolean>;
  mode: ComputedRef<ProfileFormMode>;
  /** Whether the secret must be entered, may be kept, or must be entered again (new host). */
  secretRule: ComputedRef<SecretRule>;
  draft: ProfileDraft;
  errors: Ref<FieldErrors>;
  /** An error from main that names no field. */
  alert: Ref<AppError | null>;
  submitting: Ref<boolean>;
  /** The stored profile being edited; null when adding one. */
  editing: Ref<Profile | null>;
  open: (profile: Profile | null) => void;
  close: () => void;
  clearError: (field: ProfileField) => void;
  submit: () => Promise<void>;
}

export function useProfileForm(onSaved: (saved: SavedProfile, mode: ProfileFormMode) => void): ProfileForm {
  const profiles = useProfiles();
  const editing = ref<Profile | null>(null);
  const visible = ref(false);
  const submitting = ref(false);
  const draft = reactive(blankDraft());
  const errors = ref<FieldErrors>({});
  const alert = ref<AppError | null>(null);
  const mode = computed<ProfileFormMode>(() => (editing.value ? 'edit' : 'create'));
  // An edit that moves the profile to another host needs the secret again: main never sends the
  // stored one to a new host, so the form asks for it as soon as the URL says so.
  const secretRule = computed(() => secretRuleFor(editing.value, draft));

  function open(profile: Profile | null): void {
    editing.value = profile;
    Object.assign(draft, profile ? draftFromProfile(profile) : blankDraft());
    errors.value = {};
    alert.value = null;
    visible.value = true;
  }

  function close(): void {
    visible.value = false;
    draft.secretKey = '';
  }

  function clearError(field: ProfileField): void {
    if (!errors.value[field]) return;
    const { [field]: _cleared, ...rest } = errors.value;
    errors.value = rest;
  }

  // Editing a field clears its error: the message was about the old value.
  watch(
    () => ({ ...draft }),
    (now, before) => PROFILE_FIELDS.filter((field) => now[field] !== before[field]).forEach(clearError),
  );
  // The secret's message was about what the rule asked for: moving back to the stored host drops it.
  watch(secretRule, () => clearError('secretKey'));

  async function submit(): Promise<void> {
    if (submitting.value) return;
    const check = checkProfileDraft(draft, secretRule.value);
    alert.value = null;
    if (!check.ok) {
      errors.value = check.errors;
      return;
    }
    errors.value = {};
    submitting.value = true;
    const current = editing.value;
    const result = current ? await profiles.update({ ...check.input, id: current.id }) : await profiles.create(check.input);
    submitting.value = false;
    if (!result.ok) {
      const placed = placeError(result.error);
      errors.value = placed.fieldErrors;
      alert.value = placed.alert;
      return;
    }
    const savedMode = mode.value;
    close();
    onSaved(result.value, savedMode);
  }

  return { visible, mode, secretRule, draft, errors, alert, submitting, editing, open, close, clearError, submit };
}
