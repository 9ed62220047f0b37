// Where the keyboard goes once withdrawals were approved or rejected: the decided rows lose their
// buttons, so focus would fall to the page's body. It moves to the next row still waiting for a
// decision (after the first decided one in the queue's order, else the nearest before it), or,
// when none is left, to the empty state or the page's heading.

const ROW = '[data-testid="approval-row"]';

/** The key of the waiting row to focus: `order` is the queue's keys before the decision. */
export function nextWaitingKey(order: readonly string[], decided: ReadonlySet<string>, waiting: readonly string[]): string | null {
  const open = waiting.filter((key) => !decided.has(key));
  if (open.length === 0) return null;
  const first = order.findIndex((key) => decided.has(key));
  const at = (key: string) => order.indexOf(key);
  const after = open.filter((key) => at(key) > first || at(key) === -1).sort((a, b) => at(a) - at(b));
  if (after[0] !== undefined) return after[0];
  return open.sort((a, b) => at(b) - at(a))[0] ?? null;
}

export function focusAfterDecision(root: HTMLElement | null, order: readonly string[], decided: ReadonlySet<string>): void {
  if (root === null) return;
  const rows = [...root.querySelectorAll<HTMLElement>(`${ROW}[data-decidable="true"]`)];
  const waiting = rows.map((row) => row.dataset.key ?? '');
  const key = nextWaitingKey(order, decided, waiting);
  const target = rows.find((row) => row.dataset.key === key) ?? root.querySelector<HTMLElement>('[data-testid="approvals-empty"]') ?? root.querySelector<HTMLElement>('[data-focus-fallback]');
  target?.focus();
}
