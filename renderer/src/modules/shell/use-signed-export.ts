// Running one signed export from a dialog: one at a time, its result only when main's answer says
// the file is written, or the failure on the field it names (folder, format) or in general. The
// folder as ExportFolderField gives it: empty (Coffer's export folder) is left out of the request.
import { ref, shallowRef, type Ref } from 'vue';
import type { AppError, Result } from '../../../../preload/contract';
import type { ExportResult } from '../../../../preload/contract/history';

/** Errors by the request field they name ('folder', 'format'); the rest under 'general'. */
export type ExportErrors = Partial<Record<'folder' | 'format' | 'general', string>>;

export interface SignedExport<Request> {
  running: Ref<boolean>;
  result: Ref<ExportResult | null>;
  errors: Ref<ExportErrors>;
  run(request: Request & { folder: string }): Promise<void>;
  reset(): void;
}

export function fieldErrors(error: AppError): ExportErrors {
  const key = error.field?.split('.')[0];
  if (key === 'folder' || key === 'format') return { [key]: error.message };
  return { general: `${error.message} (${error.code})` };
}

/** The request as sent: an empty folder is left out. */
export function withFolder<Request extends object>({ folder, ...rest }: Request & { folder: string }): Omit<Request, 'folder'> & { folder?: string } {
  const trimmed = folder.trim();
  return { ...rest, ...(trimmed === '' ? {} : { folder: trimmed }) };
}

/** `send` is the export operation; `starting` runs before each new export (e.g. to clear its progress). */
export function useSignedExport<Request extends object>(
  send: (request: Omit<Request, 'folder'> & { folder?: string }) => Promise<Result<ExportResult>>,
  starting: () => void = () => undefined,
): SignedExport<Request> {
  const running = ref(false);
  const result = shallowRef<ExportResult | null>(null);
  const errors = ref<ExportErrors>({});
  return {
    running,
    result,
    errors,
    async run(request) {
      if (running.value) return;
      running.value = true;
      starting();
      result.value = null;
      errors.value = {};
      try {
        const answer = await send(withFolder<Request>(request));
        if (answer.ok) result.value = answer.value;
        else errors.value = fieldErrors(answer.error);
      } finally {
        running.value = false;
      }
    },
    reset() {
      if (running.value) return;
      starting();
      result.value = null;
      errors.value = {};
    },
  };
}
