// The export under review as the renderer knows it: state only, filled by use-review.ts. It
// outlives the page, so a reviewer can look at Settings and come back to the same review.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AppError } from '../../../../preload/contract';
import type { ReviewReport } from '../../../../preload/contract/history';

/** idle: nothing open; uploading: the file goes to main; checking: main verifies and loads it. */
export type ReviewStage = 'idle' | 'uploading' | 'checking' | 'done' | 'failed';

export interface ReviewCheck {
  phase: 'verifying' | 'loading';
  done: number;
  total: number;
}

export const useReviewStore = defineStore('review', () => {
  const stage = ref<ReviewStage>('idle');
  const fileName = ref<string | null>(null);
  const reviewId = ref<string | null>(null);
  const upload = ref({ sent: 0, size: 0 });
  const check = ref<ReviewCheck | null>(null);
  const report = shallowRef<ReviewReport | null>(null);
  const error = shallowRef<AppError | null>(null);

  function start(name: string, size: number): void {
    stage.value = 'uploading';
    fileName.value = name;
    reviewId.value = null;
    upload.value = { sent: 0, size };
    check.value = null;
    report.value = null;
    error.value = null;
  }

  function setUploaded(sent: number, size: number): void {
    upload.value = { sent, size };
  }

  function setChecking(id: string): void {
    stage.value = 'checking';
    reviewId.value = id;
  }

  function setCheck(id: string, next: ReviewCheck): void {
    if (reviewId.value === id) check.value = next;
  }

  function setReport(next: ReviewReport): void {
    stage.value = 'done';
    reviewId.value = next.reviewId;
    report.value = next;
  }

  function setFailed(next: AppError): void {
    stage.value = 'failed';
    reviewId.value = null;
    error.value = next;
  }

  function reset(): void {
    stage.value = 'idle';
    fileName.value = null;
    reviewId.value = null;
    check.value = null;
    report.value = null;
    error.value = null;
  }

  return { stage, fileName, reviewId, upload, check, report, error, start, setUploaded, setChecking, setCheck, setReport, setFailed, reset };
});
