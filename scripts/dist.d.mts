// Types of dist.mjs, for the tests that import it.
export function distTargets(argv: readonly string[]): Record<string, string[] | boolean>;
