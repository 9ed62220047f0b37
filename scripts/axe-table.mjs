// Sums up the axe findings the e2e shots recorded (test/e2e/axe-audit.ts) as a Markdown table:
// critical / serious nodes per state, light and dark, then nodes per rule.
//   node scripts/axe-table.mjs [results-dir] [earlier-results-dir]
// With an earlier directory each cell reads "before → now".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function load(dir) {
  const states = new Map();
  const rules = new Map();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const { state, theme, findings } = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const counts = states.get(state) ?? { light: null, dark: null };
    const cell = { critical: 0, serious: 0 };
    for (const finding of findings) {
      if (finding.impact === 'critical' || finding.impact === 'serious') cell[finding.impact] += finding.targets.length;
      const key = `${finding.rule} (${finding.impact})`;
      const rule = rules.get(key) ?? { light: 0, dark: 0 };
      rule[theme] += finding.targets.length;
      rules.set(key, rule);
    }
    counts[theme] = cell;
    states.set(state, counts);
  }
  return { states, rules };
}

const show = (cell) => (cell ? `${cell.critical}/${cell.serious}` : '–');
const [dir = 'test-results/axe', earlierDir] = process.argv.slice(2);
const now = load(dir);
const before = earlierDir && existsSync(earlierDir) ? load(earlierDir) : null;
const pair = (earlier, current) => (before ? `${earlier} → ${current}` : current);

console.log('| state | light critical/serious | dark critical/serious |\n|---|---|---|');
const names = new Set([...now.states.keys(), ...(before?.states.keys() ?? [])]);
for (const state of [...names].sort()) {
  const current = now.states.get(state);
  const earlier = before?.states.get(state);
  console.log(`| ${state} | ${pair(show(earlier?.light), show(current?.light))} | ${pair(show(earlier?.dark), show(current?.dark))} |`);
}
console.log('\n| rule (impact) | light nodes | dark nodes |\n|---|---|---|');
const ruleNames = new Set([...now.rules.keys(), ...(before?.rules.keys() ?? [])]);
for (const rule of [...ruleNames].sort()) {
  const current = now.rules.get(rule) ?? { light: 0, dark: 0 };
  const earlier = before?.rules.get(rule) ?? { light: 0, dark: 0 };
  console.log(`| ${rule} | ${pair(earlier.light, current.light)} | ${pair(earlier.dark, current.dark)} |`);
}
