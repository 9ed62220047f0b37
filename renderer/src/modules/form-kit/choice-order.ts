// How a choice select narrows and orders its options as the user types: an option matches when its
// label holds the typed text (any case, spaces around it ignored); the option whose value is the
// typed text comes first, then values that start with it, then the rest in their own order, so
// typing "BTC" and Enter picks BTC, not the first label that merely holds it (WBTC).

export function choiceMatches(typed: string, label: unknown): boolean {
  return String(label ?? '').toLowerCase().includes(typed.trim().toLowerCase());
}

export function orderChoices<T extends { value: string }>(options: readonly T[], typed: string): T[] {
  const wanted = typed.trim().toUpperCase();
  if (wanted === '') return options.slice();
  const rank = (option: T) => {
    const value = option.value.toUpperCase();
    if (value === wanted) return 0;
    return value.startsWith(wanted) ? 1 : 2;
  };
  return options.slice().sort((a, b) => rank(a) - rank(b));
}
