// axe-core over what a screenshot shows, in the theme it was shot in. The light pass runs every
// rule axe has that is not experimental, plus the check that a control's name contains its visible
// text; the dark pass runs the colour-contrast rule only, because the DOM is the same in both
// themes and colour is all a theme changes. Each pass writes its findings to
// test-results/axe/<theme>-<state>.json (scripts/axe-table.mjs sums them up); a critical or serious
// finding fails the test unless COFFER_AXE=report, which only records.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';

export const AXE_RESULTS = 'test-results/axe';
const BLOCKING = new Set(['critical', 'serious']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's own explanation for the first node, e.g. the contrast ratio it measured. */
  detail: string;
}

export async function auditAccessibility(page: Page, state: string, theme: 'light' | 'dark'): Promise<AxeFinding[]> {
  // Legacy mode runs axe inside the page alone, where the default opens a second page to finish each
  // run: half the time (about 1 s a state instead of 2), and the app has no frames it would miss.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (theme === 'dark') builder.withRules(['color-contrast']);
  const results = await builder.analyze();
  const findings = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
    detail: violation.nodes[0]?.failureSummary ?? '',
  }));
  mkdirSync(AXE_RESULTS, { recursive: true });
  writeFileSync(`${AXE_RESULTS}/${theme}-${state}.json`, JSON.stringify({ state, theme, findings }, null, 2));
  return findings;
}

export function blockingFindings(findings: readonly AxeFinding[]): AxeFinding[] {
  return findings.filter((finding) => BLOCKING.has(finding.impact));
}

/** One line per blocking rule, with where it was found, for a failure message. */
export function describeFindings(state: string, theme: string, findings: readonly AxeFinding[]): string {
  const lines = findings.map((f) => `  ${f.impact} ${f.rule} (${f.targets.length}): ${f.help}\n    at ${f.targets.slice(0, 5).join(' | ')}\n    ${f.detail.replace(/\n/g, ' ')}`);
  return `axe found in ${theme} "${state}":\n${lines.join('\n')}`;
}

export const AXE_REPORT_ONLY = process.env.COFFER_AXE === 'report';
