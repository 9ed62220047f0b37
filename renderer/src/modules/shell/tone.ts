// The colours a state is told in (naive-ui's tag types), shared by every page that shows a status
// or an outcome in words and colour (ToneTag.vue).
export type Tone = 'success' | 'info' | 'warning' | 'error' | 'default';

/** A state in words with its colour. */
export interface ToneWords {
  label: string;
  tone: Tone;
}
