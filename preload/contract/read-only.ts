// Which operations only read, as each domain's spec declares it. Main may share one answer between
// identical read calls in flight, and may drop a read whose window has gone before it reaches the
// service; it never does either to an operation that changes state (money moves, profile writes,
// a new deposit address).
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../contract';

export const READ_ONLY_OPERATIONS: readonly OperationName[] = OPERATION_NAMES.filter((op) => OPERATIONS[op].reads);

export const STATE_CHANGING_OPERATIONS: readonly OperationName[] = OPERATION_NAMES.filter((op) => !OPERATIONS[op].reads);

const READ_ONLY: ReadonlySet<string> = new Set(READ_ONLY_OPERATIONS);

/** True only for a read; an unknown name is treated as changing state. */
export const isReadOnlyOperation = (op: string): boolean => READ_ONLY.has(op);
