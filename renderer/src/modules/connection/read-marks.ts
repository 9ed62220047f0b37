// When a store's data was read, and over which link to main: the facts freshness() needs from
// every store that holds an account's data, kept in one place so each store only says when it
// read, when its stream updated it, and what its latest failure and stream are.
import { ref, type Ref } from 'vue';
import type { AppError } from '../../../../preload/contract';
import { appErrorText } from '../../../../preload/contract/result';
import { useConnectionStore } from './connection-store';
import { freshness, type Freshness, type FreshnessFacts } from './freshness';

export interface ReadMarks {
  /** When the data held was last read whole or updated (epoch ms); null when nothing is held. */
  readonly readAt: Ref<number | null>;
  /** A whole read answered over the current link. */
  markRead(): void;
  /** A stream's update: newer data, over whichever link the whole read came. */
  markUpdated(): void;
  forget(): void;
  /** Live, kept from before, or empty, given the latest read's failure and the stream. */
  freshness(error: AppError | null, stream: FreshnessFacts['stream']): Freshness;
}

/** Call inside a store's setup. */
export function useReadMarks(): ReadMarks {
  const connection = useConnectionStore();
  const readAt = ref<number | null>(null);
  const readOnLink = ref(0);
  return {
    readAt,
    markRead() {
      readAt.value = Date.now();
      readOnLink.value = connection.linkEpoch;
    },
    markUpdated() {
      readAt.value = Date.now();
    },
    forget() {
      readAt.value = null;
    },
    freshness: (error, stream) =>
      freshness({
        readAt: readAt.value,
        readError: error === null ? null : appErrorText(error),
        sameLink: connection.transport.kind === 'ready' && readOnLink.value === connection.linkEpoch,
        stream,
      }),
  };
}
